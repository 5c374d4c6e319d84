// Members as others see them: names, handles and profiles; their standing (silenced, suspended),
// mutes, and the moderators' record of what was done to them and their posts.
// The one module the rest of the app imports from this area; its other modules are internal.
export { checkDisplayName, passwordProblem, shownName } from "./account-policy.server";
export { findMembers, memberById, type MemberLine } from "./member-directory.server";
export { changeRole, changeStanding, isSuspended, postingRefusal, type StandingChange, StandingRefused } from "./member-standing.server";
export { listActions, recordAction, type RecordEntry } from "./moderator-record.server";
export { CannotMuteError, listMuted, muteChoice, mutedAmong, muteExists, muteMember, unmute } from "./mutes.server";
export { foldMuted, foldMutedQuestions, type MutedPosts, mutedPostsAmong } from "./muted-posts.server";
export { getPublicProfile, HANDLE, PROFILE_LINK, profileSettings, setPublicProfile } from "./profiles.server";
