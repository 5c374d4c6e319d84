// The rule for the home, blog and forum lists: when the database cannot be reached, the page
// still works and the list is empty. Only an unreachable database counts (a bug still fails
// loudly), and the request is marked degraded: such a page is right for this moment only, and the
// root middleware tells every cache not to keep it.
import type { RouterContextProvider } from "react-router";
import { requestOutcomeContext } from "./context";
import { isDatabaseUnavailable } from "./db.server";

/** How long a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = "5";

/** `load()`, or `fallback` when the database cannot be reached. */
export async function orWhenUnavailable<T>(context: Readonly<RouterContextProvider>, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const outcome = context.get(requestOutcomeContext);
    if (outcome) outcome.degraded = true;
    return fallback;
  }
}
