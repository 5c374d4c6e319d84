// The runtime (database, auth, logger, config) reaches loaders and actions through the typed
// router context, so tests can hand in their own.
import { createContext } from "react-router";
import type { Runtime } from "./runtime.server";

export const runtimeContext = createContext<Runtime>();

/** What handling a request found that its HTTP answer depends on (server/http/unavailable.ts). */
export interface RequestOutcome {
  databaseUnavailable: boolean;
}
export const requestOutcomeContext = createContext<RequestOutcome | null>(null);

/** This request's Content-Security-Policy nonce (server/security.ts), for the scripts React Router writes. */
export const cspNonceContext = createContext<string>("");
