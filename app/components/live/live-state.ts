// What an open page has heard from its live stream (live-connection.tsx, stream.ts).
export interface Live {
  /** Counts the changes heard to the question on screen (a notice then asks what is new). */
  question: number;
  /** Counts the changes heard to the member's inbox. */
  inbox: number;
  /** The bell's count as last asked for after an inbox change (null: the page's own). */
  unread: number | null;
  /** The newest event id heard: the routes asked after a change wait until they have applied it. */
  at: number;
}
