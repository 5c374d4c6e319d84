// "Where you are signed in": the member's sessions as the security page lists them, and ending
// them. Both /account/security and /account answer these forms, so a page left open from before
// the list moved still works.
import { listSessions, revokeOtherSessions, revokeSession } from "./account-data.server";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { deviceName } from "./device-name.server";
import { memberPasskeys, removeAllPasskeys } from "./passkey.server";

const SESSION_INTENTS = ["revoke-session", "revoke-others"] as const;
type SessionIntent = (typeof SESSION_INTENTS)[number];

export function isSessionIntent(intent: string): intent is SessionIntent {
  return (SESSION_INTENTS as readonly string[]).includes(intent);
}

export async function memberSessions(db: Db, viewer: { id: string; sessionId: string }) {
  const [rows, passkeys] = await Promise.all([listSessions(db, viewer.id), memberPasskeys(db, viewer.id)]);
  return {
    sessions: rows.map((s) => ({ id: s.id, updatedAt: s.updatedAt, device: deviceName(s.userAgent), current: s.id === viewer.sessionId })),
    passkeyCount: passkeys.length,
  };
}

/** Ends one other session, or all of them (and the passkeys, when asked); says what happened. */
export async function endSessions(
  writer: Writer,
  viewer: { id: string; sessionId: string },
  intent: SessionIntent,
  fields: { sessionId: string; removePasskeys: boolean },
) {
  if (intent === "revoke-session") {
    const ok = await revokeSession(writer, viewer.id, fields.sessionId);
    return { title: ok ? "Session signed out" : "That session had already ended" };
  }
  const n = await revokeOtherSessions(writer, viewer.id, viewer.sessionId);
  const removed = fields.removePasskeys ? await removeAllPasskeys(writer.db, viewer.id) : 0;
  const passkeyNote = removed ? ` ${removed} passkey${removed === 1 ? "" : "s"} removed.` : "";
  return { title: "Other sessions signed out", description: `${n} other session${n === 1 ? "" : "s"} ended.${passkeyNote}` };
}
