// GET /live/events: a Server-Sent Events stream telling an open page which of the things it shows
// changed: its question (`question=<id>`) and, for a signed-in member, their own inbox. Only tags
// go out, never content; the page then asks its normal routes, which check who may see what. A
// reconnect says where it stopped (Last-Event-ID, or `after` on the first connection: the event id
// the page was rendered at) and gets what it missed, or "reload" when that is no longer kept.
import type express from "express";
import { RouterContextProvider } from "react-router";
import { runtimeContext } from "../../app/server/context";
import type { ChangeEvent } from "../../app/server/infra/change-events.server";
import { tag } from "../../app/server/infra/change-tags.server";
import type { Runtime } from "../../app/server/runtime.server";
import { loadViewer } from "../../app/server/accounts/accounts.server";

export const LIVE_PATH = "/live/events";

// A comment line this often keeps proxies and browsers from closing a quiet stream (nginx's
// proxy_read_timeout is 60 s), and carries the newest id, so a reconnect replays little.
const KEEPALIVE_MS = 15_000;
// A member's session is looked at again this often (besides every sign-out or account change heard).
const SESSION_CHECK_MS = 60_000;
// A sign-out whose member is unknown reaches every member's stream: their looks are spread this wide.
const SESSIONS_SPREAD_MS = 5_000;
// How long a browser waits before reconnecting a dropped stream.
const RETRY_MS = 3_000;

/** Whether a request is the live stream (the compression middleware leaves it alone). */
export const isLiveStream = (req: { path?: string; url?: string }) => (req.path ?? req.url?.split("?")[0]) === LIVE_PATH;

const idOf = (value: unknown) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : null);

/** The member the request's session cookie belongs to (the same check every page makes), or null. */
async function memberOf(runtime: Runtime, req: express.Request) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  const request = new Request(`http://localhost${LIVE_PATH}`, { headers: { cookie: req.headers.cookie ?? "" } });
  const { viewer } = await loadViewer(request, context);
  return viewer;
}

export function liveStream(runtime: Runtime): express.RequestHandler {
  return async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      if (runtime.lifecycle.stopping || runtime.live.closed) return void res.status(503).setHeader("Retry-After", "2").end();
      const question = idOf(req.query.question);
      const member = await memberOf(runtime, req);
      // Turned off on the account page: 204 tells a browser's EventSource not to come back.
      if (member && member.liveUpdates === false) return void res.status(204).end();
      const wanted = new Set<string>();
      if (question !== null) wanted.add(tag.question(question));
      if (member) wanted.add(tag.inbox(member.id));
      if (!wanted.size) return void res.status(204).end();
      const after = idOf(req.headers["last-event-id"]) ?? idOf(req.query.after) ?? runtime.live.position();

      res.status(200);
      res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
      // nginx passes the stream on as it comes instead of buffering it (its default for proxies).
      res.setHeader("X-Accel-Buffering", "no");
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      res.write(`retry: ${RETRY_MS}\n\n`);

      let newest = after;
      let ended = false;
      const sentIds = new Set<number>();
      const send = (event: ChangeEvent) => {
        if (ended || sentIds.has(event.id)) return;
        sentIds.add(event.id);
        if (sentIds.size > 1_000) sentIds.delete(sentIds.values().next().value!);
        const shown = event.tags.filter((t) => wanted.has(t));
        newest = Math.max(newest, event.id);
        if (shown.length) res.write(`id: ${newest}\ndata: ${shown.join(" ")}\n\n`);
      };
      const end = (reason?: string) => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(keepalive);
        clearInterval(sessionCheck);
        if (reason) res.write(`event: end\ndata: ${reason}\n\n`);
        res.end();
      };
      const checkSession = () => {
        if (!member) return;
        memberOf(runtime, req)
          .then((now) => {
            if (!now || now.id !== member.id) end("signed-out");
            else if (now.liveUpdates === false) end("turned-off");
          })
          .catch(() => {});
      };
      // Events heard while the missed ones are read wait, so that they go out in order.
      let waiting: ChangeEvent[] | null = [];
      const unsubscribe = runtime.live.subscribe(
        (event) => {
          if (member && event.tags.includes(tag.account(member.id))) checkSession();
          // Any sign-out whose member is not known: every member's stream looks, spread over a
          // few seconds rather than all at once.
          else if (member && event.tags.includes(tag.sessions)) setTimeout(checkSession, Math.random() * SESSIONS_SPREAD_MS).unref();
          if (waiting) waiting.push(event);
          else send(event);
        },
        () => end(),
      );
      const keepalive = setInterval(() => !ended && res.write(`: keep-alive\nid: ${newest}\n\n`), KEEPALIVE_MS);
      const sessionCheck = setInterval(checkSession, SESSION_CHECK_MS);
      keepalive.unref();
      sessionCheck.unref();
      res.on("close", () => end());

      const missed = await runtime.changes.since(after);
      if (missed === null) {
        // Older than what is kept: the page reads its data again instead.
        newest = runtime.live.position();
        res.write(`id: ${newest}\nevent: reload\ndata: reload\n\n`);
      } else {
        for (const event of missed) send(event);
      }
      const held = waiting;
      waiting = null;
      for (const event of held) send(event);
      // Where the stream now stands, as an event: the browser's reconnect then says Last-Event-ID
      // even when nothing this page hears about has changed yet.
      if (!ended) res.write(`id: ${newest}\nevent: ready\ndata: ${newest}\n\n`);
    } catch (error) {
      if (res.headersSent) return void res.end();
      next(error);
    }
  };
}
