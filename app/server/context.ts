// The runtime (database, auth, logger, config) reaches loaders and actions through the typed
// router context, so tests can hand in their own.
import { createContext } from "react-router";
import type { Runtime } from "./runtime.server";

export const runtimeContext = createContext<Runtime>();

/** This request's Content-Security-Policy nonce (server/security.ts), for the scripts React Router writes. */
export const cspNonceContext = createContext<string>("");
