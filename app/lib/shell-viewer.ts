// Who the app shell shows as signed in (the top bar, the sidebar and the account menu). A type of
// its own so that the shell and its lazily loaded menu both read it without importing each other.
export interface ShellViewer {
  email: string;
  role: "member" | "moderator" | "admin";
  displayName: string | null;
}
