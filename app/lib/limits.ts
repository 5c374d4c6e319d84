// Length limits of the forms (passwords of 8 to 128 characters, titles to 200, answers to 10,000,
// stories to 50,000 ...), apart from the schemas in validation.ts: pages
// need them for their fields' attributes, and importing them from here keeps zod out of the
// browser's code for pages whose forms are checked on the server.
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  titleMax: 200,
  contentMax: 10_000,
  storyMax: 50_000,
  displayNameMax: 50,
  reportReasonMax: 500,
  returnNoteMax: 2000,
  topicNameMax: 60,
  topicDescriptionMax: 300,
  /** Search: the longest query searched (characters), and the last page of results. */
  searchQueryMax: 200,
  searchPageMax: 50,
} as const;
