// The rule for the home, blog and forum lists: when a list cannot be loaded, the page still works
// and the list is empty. An unreachable database is an outage (logged as a warning); any other
// failure is a fault, logged at error, yet the reader still gets the page. Either way the request
// is marked degraded: such a page is right for this moment only, and the root middleware tells
// every cache (and the readers' store) not to keep it.
import type { RouterContextProvider } from "react-router";
import { requestOutcomeContext, runtimeContext } from "./context";
import { isDatabaseUnavailable } from "~/server/infra/db.server";

/** `load()`, or `fallback` when it fails. */
export async function orWhenUnavailable<T>(context: Readonly<RouterContextProvider>, load: () => Promise<T>, fallback: T): Promise<T> {
  // Already found away in this request (a form's answer renders after its action): no second
  // wait for a connection that is not coming.
  const known = context.get(requestOutcomeContext);
  if (known?.databaseUnavailable) {
    known.degraded = true;
    return fallback;
  }
  try {
    return await load();
  } catch (error) {
    const outage = isDatabaseUnavailable(error);
    const log = context.get(runtimeContext)?.log;
    if (outage) log?.warn({ err: error }, "a list was left empty: the database is unavailable");
    else log?.error({ err: error }, "a list was left empty: loading it failed");
    const outcome = context.get(requestOutcomeContext);
    if (outcome) outcome.degraded = true;
    return fallback;
  }
}
