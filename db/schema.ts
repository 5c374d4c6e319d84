// The whole database: the auth library's tables (schema/auth.ts), what members write and read
// (schema/community.ts) the site's machinery and places (schema/site.ts) and the moderators' record (schema/moderation.ts). Drizzle reads the
// tables from here, so every one is exported from this file.
import { accounts, jwks, passkeys, rateLimitCounters, rateLimits, sessions, twoFactors, users, verifications } from "./schema/auth";
import {
  blogPosts,
  drafts,
  forumAnswers,
  forumQuestions,
  forumTopics,
  helpedMost,
  helpfulMarks,
  notifications,
  profiles,
  questionFollows,
  reports,
  topicFollows,
} from "./schema/community";
import { moderatorActions } from "./schema/moderation";
import { changeEvents, cities, cityServicePages, guideIndex, mailOutbox, services } from "./schema/site";

export * from "./schema/auth";
export * from "./schema/community";
export * from "./schema/site";
export * from "./schema/moderation";

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
  topicFollows,
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
  moderatorActions,
};
