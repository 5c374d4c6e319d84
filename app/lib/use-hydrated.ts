import * as React from "react";

const subscribe = () => () => {};

/** False in the server render and during hydration, true once JavaScript runs the page. */
export function useHydrated() {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
