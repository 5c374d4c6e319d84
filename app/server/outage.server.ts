// The rule for the home, blog and forum lists: when the database cannot be reached, the page
// still works and the list is empty. Only an unreachable database counts (a bug still fails
// loudly), and a page made this way is right for this moment only: no cache keeps it.
import { noteIncomplete } from "./cache/data-age.server";
import { isDatabaseUnavailable } from "./db.server";

/** `load()`, or `fallback` when the database cannot be reached. */
export async function orWhenUnavailable<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    noteIncomplete();
    return fallback;
  }
}
