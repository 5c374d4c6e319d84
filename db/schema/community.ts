// What members write and read: profiles, blog posts and stories, the forum's topics, questions,
// answers and marks, follows, notifications, reports and drafts.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tsvector, storedHtml, createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// ---------------------------------------------------------------- the product

/** One row per user, created with the user by a trigger (see the migrations). */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name"),
  createdAt: createdAt(),
  // A public profile is off until the member turns it on. Its address uses a handle of its own,
  // made the first time, so that turning it on never shows the account's id.
  publicProfile: boolean("public_profile").notNull().default(false),
  profileHandle: text("profile_handle").unique(),
  // Which notifications come by email: 'own' (at once, answers to their own questions: the
  // default), 'instant' (at once, all of them), 'daily' (one digest a day) or 'never'.
  emailNotifications: text("email_notifications").notNull().default("own"),
  // Whether open pages tell of new answers and notifications as they come (on by default).
  liveUpdates: boolean("live_updates").notNull().default(true),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    ...storedHtml(),
    slug: text("slug").notNull().unique(),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    // An editor's note when a member's story goes back to them; cleared when they resubmit it.
    returnedNote: text("returned_note"),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
    ),
  },
  (t) => [
    // Matches `where published order by created_at desc, id desc` (DESC means NULLS FIRST).
    index("blog_posts_published_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`published`),
    index("blog_posts_author_idx").on(t.authorId),
    index("blog_posts_search_idx").using("gin", t.search),
  ],
);

// The forum's topics, managed by admins; `position` is the order they are listed in. A question
// has at most one; deleting a topic leaves its questions without one.
export const forumTopics = pgTable(
  "forum_topics",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("forum_topics_position_idx").on(t.position, t.id)],
);

export const forumQuestions = pgTable(
  "forum_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    ...storedHtml(),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    /** A token sent with the form, so that a double submit stores one question. */
    submissionKey: text("submission_key"),
    /** Visible answers, kept by the application so a page never counts answers per question. */
    answerCount: integer("answer_count").notNull().default(0),
    /**
     * When its newest visible answer was posted (null while it has none), kept by the application
     * with answer_count: a question's last activity is this or else its own creation, and ordering
     * by it is then an index scan rather than a look at every question's answers.
     */
    lastAnswerAt: timestamp("last_answer_at", { withTimezone: true }),
    topicId: integer("topic_id").references(() => forumTopics.id, { onDelete: "set null" }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    // Why a moderator hid it (a report reason, or null when hidden without one), shown to its
    // author only; and when its author asked for another look (once per hiding: cleared by hiding).
    hiddenReason: text("hidden_reason"),
    lookAskedAt: timestamp("look_asked_at", { withTimezone: true }),
    // A new member's post held for a moderator's look (hidden_at is set with it until approved).
    heldAt: timestamp("held_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
    ),
  },
  (t) => [
    // The forum's order over visible questions: `where hidden_at is null order by created_at desc, id desc`.
    index("forum_questions_visible_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    index("forum_questions_author_idx").on(t.authorId),
    // A topic's questions, newest first; not partial, so deleting a topic finds hidden ones too.
    index("forum_questions_topic_created_idx").on(t.topicId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The forum's other orders: most recently active, and unanswered (newest first).
    index("forum_questions_visible_activity_idx")
      .on(sql`(coalesce(${t.lastAnswerAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    // A topic's questions, most recently active first (the topic's other order).
    index("forum_questions_topic_activity_idx")
      .on(t.topicId, sql`(coalesce(${t.lastAnswerAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    index("forum_questions_unanswered_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden_at is null and answer_count = 0`),
    uniqueIndex("forum_questions_submission_idx").on(t.authorId, t.submissionKey),
    index("forum_questions_search_idx").using("gin", t.search),
  ],
);

export const forumAnswers = pgTable(
  "forum_answers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer("question_id")
      .notNull()
      .references(() => forumQuestions.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    ...storedHtml(),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    submissionKey: text("submission_key"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    // Why a moderator hid it (a report reason, or null when hidden without one), shown to its
    // author only; and when its author asked for another look (once per hiding: cleared by hiding).
    hiddenReason: text("hidden_reason"),
    lookAskedAt: timestamp("look_asked_at", { withTimezone: true }),
    // A new member's post held for a moderator's look (hidden_at is set with it until approved).
    heldAt: timestamp("held_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("forum_answers_question_created_idx").on(t.questionId, t.createdAt, t.id),
    index("forum_answers_author_idx").on(t.authorId),
    uniqueIndex("forum_answers_submission_idx").on(t.authorId, t.submissionKey),
  ],
);

// Members who found an answer helpful: one mark each, never on their own answer.
export const helpfulMarks = pgTable(
  "helpful_marks",
  {
    answerId: integer("answer_id")
      .notNull()
      .references(() => forumAnswers.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.memberId] }), index("helpful_marks_member_idx").on(t.memberId)],
);

// The answer the asker says helped them most: one per question, changeable.
export const helpedMost = pgTable("helped_most", {
  questionId: integer("question_id")
    .primaryKey()
    .references(() => forumQuestions.id, { onDelete: "cascade" }),
  answerId: integer("answer_id")
    .notNull()
    .references(() => forumAnswers.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// Who follows a question: its asker and everyone who answers it (added automatically), and any
// member who chose to. A follower is notified of each new answer.
export const questionFollows = pgTable(
  "question_follows",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => forumQuestions.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.memberId] }), index("question_follows_member_idx").on(t.memberId)],
);

// Topics a member follows: a new question filed under one tells them (notifications, mail by
// their choice). Theirs alone: never shown to anyone else.
export const topicFollows = pgTable(
  "topic_follows",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.memberId] }), index("topic_follows_member_idx").on(t.memberId)],
);

// What a member is told: an answer to their question or to one they follow. Shown newest first;
// the partial index keeps the top bar's unread count to the member's unread rows.
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // 'answer' (to their question) | 'followed' (to one they follow) | 'helpful' | 'helped-most'
    // (their answer), 'topic-question' (a new question in a topic they follow: no answer),
    // 'passkey-added' (about the account itself: no question or answer),
    // 'story-published' | 'story-returned' | 'story-declined' (an editor's decision on their story),
    // or 'post-hidden' (a moderator hid their question or answer; it keeps the question's id).
    kind: text("kind").notNull(),
    questionId: integer("question_id").references(() => forumQuestions.id, { onDelete: "cascade" }),
    answerId: integer("answer_id").references(() => forumAnswers.id, { onDelete: "cascade" }),
    // A story notice keeps the title as it was: a declined story is deleted with the decision.
    postId: integer("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    postTitle: text("post_title"),
    // 'post-hidden': the report reason the author is told (null: hidden without one).
    reason: text("reason"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    // Set when a mail told the member of it (or decided not to): it is never mailed twice.
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_member_created_idx").on(t.memberId, t.createdAt, t.id),
    index("notifications_unread_idx")
      .on(t.memberId)
      .where(sql`read_at is null`),
    uniqueIndex("notifications_member_answer_kind_idx").on(t.memberId, t.answerId, t.kind),
    // Deleting a post clears its notices' link without reading the whole table.
    index("notifications_post_idx")
      .on(t.postId)
      .where(sql`post_id is not null`),
  ],
);

// Mails waiting to go out: one pending row per member and what it gathers ('q:<question id>' for
// one question's notifications, 'n:<notification id>' for a story notice, 'digest' for a day's). Senders on every instance claim due rows
// with FOR UPDATE SKIP LOCKED under a lease, so each is sent once; a refusal moves it later.
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    targetType: text("target_type").notNull(), // 'question' | 'answer'
    targetId: integer("target_id").notNull(),
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    // What the member wrote (required for 'other', optional beside a chosen reason).
    reason: text("reason").notNull(),
    // The reason chosen: 'spam' | 'harassment' | 'at-risk' | 'medical' | 'personal' | 'underage' | 'other'.
    category: text("category").notNull().default("other"),
    // The post as it was when reported: it may be edited or hidden later.
    reportedTitle: text("reported_title"),
    reportedText: text("reported_text"),
    status: text("status").notNull().default("open"), // 'open' | 'hidden' | 'dismissed' | 'restored'
    resolvedBy: text("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("reports_status_idx").on(t.status, t.createdAt), index("reports_target_idx").on(t.targetType, t.targetId)],
);

// A member mutes another: the muted member's posts are folded on their pages and cannot notify
// them. Private to the member who muted; the muted member is never told.
export const memberMutes = pgTable(
  "member_mutes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_mutes_pair_idx").on(t.memberId, t.mutedId), index("member_mutes_muted_idx").on(t.mutedId)],
);

// ---------------------------------------------------------------- drafts

/**
 * Text a member is still writing, one per member and thing written: kind (question, answer,
 * edit-question, edit-answer, story, story-version) and the id it belongs to (0: a new question
 * or story). Private to its member; every save raises the version, so a tab that saves over a
 * newer text is refused instead of overwriting it. Removed 90 days after the last save.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    targetId: integer("target_id").notNull().default(0),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("drafts_member_kind_target_idx").on(t.memberId, t.kind, t.targetId), index("drafts_updated_idx").on(t.updatedAt)],
);
