// The whole database in one place: the tables Better Auth needs (users, sessions, accounts,
// verifications, two-factor secrets, JWKS keys, rate-limit counters) and the product's own
// tables (profiles, blog posts, forum questions and answers, reports, cities, services and
// city-service pages, topics, notifications, the mail outbox ...).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/**
 * A post's text as pages show it, rendered when the text is saved, and the renderer version that
 * made it: a newer renderer re-renders stored rows once at start-up, never a page per request.
 */
const storedHtml = () => ({ contentHtml: text("content_html"), htmlVersion: integer("html_version") });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- authentication (Better Auth)

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("member"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'passkey' when the session began with a passkey (a second factor in itself); null otherwise. */
    signInMethod: text("sign_in_method"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The 30-second time step of the last code accepted: a code is good once (totp-replay.server.ts).
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/** WebAuthn credentials (Better Auth's passkey plugin): the public key only, never a secret. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
    /** Set by our own hook on every sign-in with this passkey (the library keeps no such date). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  alg: text("alg"),
  crv: text("crv"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Our own limits (posting, reporting, sign-in per account, the API), counted here so that every
 * instance shares one count: rate-limiter-flexible's PostgreSQL store and its table layout.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

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
    // (their answer), 'passkey-added' (about the account itself: no question or answer), or
    // 'story-published' | 'story-returned' | 'story-declined' (an editor's decision on their story).
    kind: text("kind").notNull(),
    questionId: integer("question_id").references(() => forumQuestions.id, { onDelete: "cascade" }),
    answerId: integer("answer_id").references(() => forumAnswers.id, { onDelete: "cascade" }),
    // A story notice keeps the title as it was: a declined story is deleted with the decision.
    postId: integer("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    postTitle: text("post_title"),
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
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    gatherKey: text("gather_key").notNull(),
    // An account mail (reset link, address confirmation, security notice) is written when it is
    // asked for and kept here, so the request answers without waiting for the mail server.
    payload: jsonb("payload").$type<{ subject: string; text: string }>(),
    state: text("state").notNull().default("pending"), // 'pending' | 'sent' | 'skipped' | 'failed'
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_pending_idx")
      .on(t.memberId, t.gatherKey)
      .where(sql`state = 'pending'`),
    index("mail_outbox_due_idx")
      .on(t.dueAt)
      .where(sql`state = 'pending'`),
    index("mail_outbox_sent_idx").on(t.memberId, t.gatherKey, t.sentAt),
  ],
);

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

export const cities = pgTable("cities", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  state: text("state").notNull(),
  description: text("description"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const services = pgTable("services", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cityServicePages = pgTable(
  "city_service_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("city_service_pages_pair_idx").on(t.cityId, t.serviceId)],
);

/** The static guides, indexed for full-text search when the server starts. */
export const guideIndex = pgTable(
  "guide_index",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [index("guide_index_search_idx").using("gin", t.search)],
);

// Proof that the person at a session re-entered their password (or a fresh two-step code) a
// moment ago. Adding a passkey needs one: a stolen session cookie alone must not be able to
// plant a lasting way in. A proof belongs to one session and goes with it.
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

// ---------------------------------------------------------------- change events

/**
 * What each write changed (tags such as question:12 or forum), in commit order: other instances
 * drop what depended on them, and live pages catch up on what they missed. Kept for an hour.
 */
export const changeEvents = pgTable(
  "change_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tags: text("tags").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("change_events_created_idx").on(t.createdAt)],
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

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  twoFactors,
  passkeys,
  jwks,
  rateLimits,
  rateLimitCounters,
  profiles,
  blogPosts,
  forumTopics,
  forumQuestions,
  forumAnswers,
  questionFollows,
  notifications,
  helpfulMarks,
  helpedMost,
  mailOutbox,
  reports,
  cities,
  services,
  cityServicePages,
  guideIndex,
  changeEvents,
  drafts,
};
