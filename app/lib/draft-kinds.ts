// What a draft can be for, shared by the server and the forms' script: a new question (target 0),
// an answer to a question, an edit of a question or answer, a new story (target 0), a story's
// new version.
export const DRAFT_KINDS = ["question", "answer", "edit-question", "edit-answer", "story", "story-version"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** A draft as pages and the draft endpoint send it. */
export interface ShownDraft {
  title: string;
  body: string;
  version: number;
  /** ISO time of the last save. */
  updatedAt: string;
}
