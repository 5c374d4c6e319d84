// Accounts: sign-up and sign-in (Better Auth), sessions, passkeys, two-step codes, settings,
// export and deletion.
// The one module the rest of the app imports from this area; its other modules are internal.
export { deleteAccount, exportAccount, memberStories, passwordHash, setDisplayName, setRole } from "./account-data.server";
export { sessionOpen, userExists } from "./api-auth.server";
export { authMessage, callAuth, cookieHeaders, failureStatus } from "./auth-calls.server";
export { countMemberSecretCheck } from "./auth-limits.server";
export { type Role, ROLES } from "./auth.server";
export { confirmIdentity } from "./confirm-identity.server";
export { endSessions, isSessionIntent, memberSessions } from "./member-sessions.server";
export { memberPasskeys, removeAllPasskeys } from "./passkey.server";
export { saveTypedName, typedName, typedNameProblem } from "./post-name.server";
export { claimProof, reauthMethod } from "./reauth.server";
export { databaseAway, getViewer, loadViewer, pageAddressOf, requireRole, requireUser, sessionRefreshedContext, viewerContext } from "./session.server";
