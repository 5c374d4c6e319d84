// The browser's copy of a draft the server has not confirmed yet (a save that failed, or one sent
// as the page was hidden), kept in localStorage under the member's id and sent again later. It
// is removed once the server has the text, and every copy goes at sign-out.
import type { DraftKind } from "~/lib/draft-kinds";

// The same prefix is cleared by the root page at sign-out (app/root.tsx).
const PREFIX = "capsiva-draft:";

export interface LocalCopy {
  title: string;
  body: string;
  /** The server's version the text was written over: a save sends it. */
  base: number;
}

const keyOf = (memberId: string, kind: DraftKind, targetId: number) => `${PREFIX}${memberId}:${kind}:${targetId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage turned off in the browser: the server's copy is all there is.
    return null;
  }
}

export function readLocalCopy(memberId: string, kind: DraftKind, targetId: number): LocalCopy | null {
  try {
    const raw = storage()?.getItem(keyOf(memberId, kind, targetId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalCopy>;
    if (typeof value.title !== "string" || typeof value.body !== "string" || typeof value.base !== "number") return null;
    return { title: value.title, body: value.body, base: value.base };
  } catch {
    return null;
  }
}

export function writeLocalCopy(memberId: string, kind: DraftKind, targetId: number, copy: LocalCopy) {
  try {
    storage()?.setItem(keyOf(memberId, kind, targetId), JSON.stringify(copy));
  } catch {
    // Full or refused: the status already says the draft is not saved.
  }
}

export function removeLocalCopy(memberId: string, kind: DraftKind, targetId: number) {
  storage()?.removeItem(keyOf(memberId, kind, targetId));
}
