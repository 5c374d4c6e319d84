// The forum: questions, answers, topics and who follows them, posting rules, new members' posts
// held for a look, and hidden posts as their authors see them.
// The one module the rest of the app imports from this area; its other modules are internal.
export * from "./forum-commands.server";
export { setQuestionTopic } from "./question-topic.server";
export * from "./forum-reads.server";
export { inboxesAbout, questionTags } from "./forum-changes.server";
export {
  ANONYMOUS,
  type AnswerView,
  ForbiddenError,
  FORUM_PAGE_SIZE,
  KeptForOthersError,
  LAST_ACTIVITY,
  LAST_ANSWER_AT,
  NotFoundError,
  OwnAnswerError,
  type QuestionTopic,
  type QuestionView,
  RECENT_ANSWERS,
  UnknownTopicError,
} from "./forum-model.server";
export { AlreadyAskedError, askForAnotherLook, postState, type PostType, tellAuthorOfHiding } from "./hidden-posts.server";
export { countHeld, decideHeld, listHeld } from "./holds.server";
export { postAnswer, postQuestion, type PostResult, UNKNOWN_TOPIC } from "./posting.server";
export { seenBy, viewerMarks } from "./question-viewer.server";
export { similarQuestions } from "./similar-questions.server";
export { followedTopics, followsTopic, setTopicFollow } from "./topic-follows.server";
export {
  createTopic,
  deleteTopic,
  getTopicBySlug,
  listTopics,
  listTopicsWithCounts,
  moveTopic,
  TopicNotFoundError,
  TopicSlugMissingError,
  TopicSlugTakenError,
  updateTopic,
} from "./topics.server";
