// Forum questions and answers, one import for the pages, the API and the moderation: the model
// (views, rows, errors) in forum-model.server.ts, reads in forum-reads.server.ts and commands
// in forum-commands.server.ts. Every list is a fixed number of statements whatever its size;
// hidden content never leaves these modules except through the moderation functions.
export {
  ANONYMOUS,
  FORUM_PAGE_SIZE,
  ForbiddenError,
  KeptForOthersError,
  LAST_ACTIVITY,
  LAST_ANSWER_AT,
  NotFoundError,
  OwnAnswerError,
  RECENT_ANSWERS,
  UnknownTopicError,
  type AnswerView,
  type QuestionTopic,
  type QuestionView,
} from "./forum-model.server";
export * from "./forum-reads.server";
export * from "./forum-commands.server";
