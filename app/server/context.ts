// The router contexts: the runtime (database, auth, logger, config), who is asking, and what a
// request found. A leaf: it imports only types, so any module may use it without a circle, and
// tests can hand in their own runtime.
import { createContext } from "react-router";
import type { Runtime } from "./runtime.server";
import type { Viewer } from "~/server/infra/viewer";

export type { Viewer } from "~/server/infra/viewer";

export const runtimeContext = createContext<Runtime>();

/** What handling a request found that its HTTP answer depends on (the root middleware reads it). */
export interface RequestOutcome {
  /** A loader failed because the database could not be reached: the answer is a 503. */
  databaseUnavailable: boolean;
  /** A list was left empty because the database could not be reached: no cache may keep the page. */
  degraded: boolean;
}
export const requestOutcomeContext = createContext<RequestOutcome | null>(null);

/** This request's Content-Security-Policy nonce (server/security.ts), for the scripts React Router writes. */
export const cspNonceContext = createContext<string>("");

export const viewerContext = createContext<Viewer | null>(null);
/** True when this request rolled the member's session forward (a new expiry was set). */
export const sessionRefreshedContext = createContext<boolean>(false);

/** Whether this request's page showed the toast a redirect left (only then is its cookie cleared). */
export const toastShownContext = createContext<{ shown: boolean } | null>(null);
