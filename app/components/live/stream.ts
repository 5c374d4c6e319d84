// The EventSource side of live updates, loaded once a page has hydrated (it is not part of any
// page's first download): open while the tab is visible, closed while it is hidden and reopened
// from the last event seen; a stream that answers with an error is tried again, later each time.
import type { Live } from "./live-state";

export interface StreamOptions {
  question: string | null;
  member: string | null;
  /** The newest event id this page has seen (or was rendered at). */
  lastId: { current: number };
  setLive: (update: (live: Live) => Live) => void;
}

export function openLiveStream({ question, member, lastId, setLive }: StreamOptions): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let finished = false;
  const close = () => {
    source?.close();
    source = null;
  };
  // The bell's count, asked for through the member's own route after their inbox changed.
  let asking: AbortController | undefined;
  const askUnread = () => {
    asking?.abort();
    asking = new AbortController();
    fetch(`/notifications/count?at=${lastId.current}`, { signal: asking.signal, headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ unread: number }>) : null))
      .then((body) => typeof body?.unread === "number" && setLive((l) => ({ ...l, unread: body.unread })))
      .catch(() => {});
  };
  const onChange = (tags: string[], reload: boolean) => {
    const inbox = Boolean(member) && (reload || tags.some((t) => t.startsWith("inbox:")));
    const asked = reload || tags.some((t) => t.startsWith("question:"));
    if (inbox) askUnread();
    const at = lastId.current;
    if (asked) setLive((l) => ({ ...l, at, question: l.question + 1 }));
    if (inbox) setLive((l) => ({ ...l, at, inbox: l.inbox + 1 }));
  };
  const seen = (event: MessageEvent) => {
    if (/^\d+$/.test(event.lastEventId)) lastId.current = Math.max(lastId.current, Number(event.lastEventId));
    failures = 0;
  };
  const open = () => {
    if (finished || source || document.visibilityState !== "visible") return;
    const params = new URLSearchParams({ after: String(lastId.current) });
    if (question) params.set("question", question);
    const next = new EventSource(`/live/events?${params}`);
    source = next;
    next.onmessage = (event: MessageEvent<string>) => {
      seen(event);
      onChange(event.data.split(" "), false);
    };
    next.addEventListener("reload", (event) => {
      seen(event as MessageEvent);
      onChange([], true);
    });
    // Signed out, or live updates turned off: the stream stays closed.
    next.addEventListener("end", () => {
      finished = true;
      close();
    });
    next.onerror = () => {
      // The browser reconnects by itself (with Last-Event-ID) unless the answer was an error, a
      // stopping instance's 503 say: then this page tries again, waiting longer each time.
      if (next.readyState !== EventSource.CLOSED) return;
      if (source === next) source = null;
      failures++;
      clearTimeout(retry);
      retry = setTimeout(open, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
    };
  };
  const visibility = () => (document.visibilityState === "visible" ? open() : close());
  document.addEventListener("visibilitychange", visibility);
  open();
  return () => {
    finished = true;
    asking?.abort();
    clearTimeout(retry);
    document.removeEventListener("visibilitychange", visibility);
    close();
  };
}
