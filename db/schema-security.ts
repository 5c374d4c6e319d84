// Proof that the person at a session re-entered their password (or a fresh two-step code) a
// moment ago. Adding a passkey needs one: a stolen session cookie alone must not be able to
// plant a lasting way in. A proof belongs to one session and goes with it.
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sessions } from "./schema";

export const reauthProofs = pgTable(
  "reauth_proofs",
  {
    sessionId: text("session_id")
      .primaryKey()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reauth_proofs_user_idx").on(t.userId)],
);
