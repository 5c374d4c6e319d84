// The page's live stream (server/http/live-stream.ts; the browser side in stream.ts, loaded after
// hydration): for the question on screen and the member's own inbox. It says only what changed;
// the bell and the notices then ask their normal routes for what this viewer may see. Nothing on
// the page moves by itself: notices offer a button that shows what is new.
import * as React from "react";
import { useLocation } from "react-router";
import type { Live } from "./live-state";

// Handed to the pages as the root's outlet context (pages read it with useOutletContext), so that
// this file stays inside the root's script: every page's first download counts.

/**
 * Opens the stream when there is something to hear: the member's inbox (signed in, live updates
 * on), or the question on screen. `at` is the event id the page was rendered at, so a change
 * made between the render and the connection still arrives.
 */
export function useLiveConnection({ at, member, enabled }: { at: number; member: string | null; enabled: boolean }): Live {
  const question = /^\/forum\/(\d{1,9})$/.exec(useLocation().pathname)?.[1] ?? null;
  const [live, setLive] = React.useState<Live>({ question: 0, inbox: 0, unread: null, at });
  const lastId = React.useRef(at);
  // Another member signed in here: the count asked for belongs to the one before.
  React.useEffect(() => setLive((l) => ({ ...l, unread: null })), [member]);
  React.useEffect(() => {
    if (!enabled || !(member || question)) return;
    let stop: (() => void) | undefined;
    let done = false;
    void import("./stream").then((m) => done || (stop = m.openLiveStream({ question, member, lastId, setLive })));
    return () => {
      done = true;
      stop?.();
    };
  }, [enabled, member, question]);
  return live;
}
