// The blog: articles, members' stories and the editors' decisions on them.
// The one module the rest of the app imports from this area; its other modules are internal.
export {
  BLOG_PAGE_SIZE,
  COMMUNITY_AUTHOR,
  countPublished,
  countStoriesToReview,
  createPost,
  getPendingStory,
  getPostById,
  getPublishedPost,
  latestPosts,
  listForEditors,
  listPublished,
  type PostSummary,
  setPublished,
  SlugTakenError,
  updatePendingStory,
  updatePost,
  withdrawPendingStory,
} from "./posts.server";
export { previewHtml } from "./preview.server";
export { declinePost, publishPost, returnStory, storyVersion } from "./story-decisions.server";
