// Members' roles, weakest first. Shared by the server (auth, the router contexts) and the pages.
export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
