// Drafts: what a member is writing, kept on the server per member and per thing written.
// The one module the rest of the app imports from this area; its other modules are internal.
export {
  deleteDraft,
  deleteDraftIn,
  type Draft,
  draftFor,
  type DraftKey,
  draftKeyOf,
  draftsForTargets,
  draftsOf,
  draftTargetExists,
  getDraft,
  saveDraft,
} from "./draft-store.server";
