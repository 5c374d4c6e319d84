// The record of what moderators and admins did: hiding, restoring, dismissing, silencing,
// suspending, lifting and changing roles. Rows are only ever added; a deleted account leaves its
// lines with no name (the actor or the member becomes null).
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./auth";

export const moderatorActions = pgTable(
  "moderator_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    // 'hide' | 'restore' | 'dismiss' | 'silence' | 'suspend' | 'lift-silence' | 'lift-suspension' | 'role'
    action: text("action").notNull(),
    // The member acted on (for a post: its author, when known).
    memberId: text("member_id").references(() => users.id, { onDelete: "set null" }),
    // The post acted on: 'question' | 'answer', with its id; null for an action on a member.
    targetType: text("target_type"),
    targetId: integer("target_id"),
    /** The moderator's reason (required for silence, suspension and role changes). */
    reason: text("reason"),
    /** A silence's end. */
    until: timestamp("until", { withTimezone: true }),
    /** For a role change: "member → moderator". */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("moderator_actions_created_idx").on(t.createdAt), index("moderator_actions_member_idx").on(t.memberId, t.createdAt)],
);
