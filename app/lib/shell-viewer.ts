// Who the app shell shows as signed in (the top bar, the sidebar and the account menu). A type of
// its own so that the shell and its lazily loaded menu both read it without importing each other.
export interface ShellViewer {
  email: string;
  role: "member" | "moderator" | "admin";
  displayName: string | null;
  /** For moderators and admins: what waits for review (reports, stories), the urgent ones apart. */
  waiting?: { total: number; urgent: number } | null;
}

/** The words screen readers hear for the count beside Admin: "3 items waiting for review, 1 urgent". */
export function waitingWords(waiting: { total: number; urgent: number }) {
  const items = `${waiting.total} ${waiting.total === 1 ? "item" : "items"} waiting for review`;
  return waiting.urgent > 0 ? `${items}, ${waiting.urgent} urgent` : items;
}
