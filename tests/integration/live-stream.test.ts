// The live stream over real HTTP: a reconnect gets what it missed (Last-Event-ID), and one too old
// to replay is told to read its data again; a stream carries only the tags its own viewer may
// hear (never another member's inbox, only public tags when signed out); the answers a page may
// announce come from a route that leaves out hidden ones; and reading a question marks only the
// reader's own notifications read, through a same-origin POST.
import { and, eq, isNull, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEvents, notifications, profiles } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { recordChanges } from "../helpers/runtime";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

/** An open stream: everything it said so far, and a wait for what it says next. */
async function open(query: string, options: { cookie?: string; lastEventId?: number } = {}) {
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.lastEventId !== undefined) headers["Last-Event-ID"] = String(options.lastEventId);
  const controller = new AbortController();
  const res = await app.fetch(`/live/events${query}`, { headers, signal: controller.signal });
  let text = "";
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    res,
    said: () => text,
    /** The data of the change messages said so far (not the named events: ready, reload, end). */
    data: () =>
      text
        .split("\n\n")
        .filter((block) => !/^event: /m.test(block))
        .flatMap((block) => [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1])),
    async until(seen: (text: string) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!seen(text)) {
        if (Date.now() > deadline) throw new Error(`the stream did not say it in time; it said:\n${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const unreadOf = async (memberId: string) =>
  (
    await app.runtime.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)))
  ).length;

describe("the live stream", () => {
  it("answers as an event stream that proxies pass on unbuffered and nobody stores", async () => {
    const asker = await app.member();
    const q = await app.ask(asker.cookie, "Warm water for stiff hands in the morning");
    const stream = await open(`?question=${q}`);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get("cache-control")).toBe("no-store");
    expect(stream.res.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.res.headers.get("set-cookie")).toBeNull();
    await stream.close();
    // Nothing to hear (no question, signed out): no stream at all.
    expect((await app.fetch("/live/events")).status).toBe(204);
  });

  it("replays what a reconnect missed after its Last-Event-ID, and says 'reload' when that is no longer kept", async () => {
    const asker = await app.member();
    const answerer = await app.member();
    const q = await app.ask(asker.cookie, "Does a paraffin bath help anyone");
    const before = app.runtime.live.position();
    await app.answer(answerer.cookie, q, "Twice a week it loosens my fingers.");
    // Connected after the answer, saying where it stopped: the answer still arrives.
    const stream = await open(`?question=${q}`, { lastEventId: before });
    await stream.until((t) => t.includes(`data: question:${q}`));
    const ids = [...stream.said().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(Math.min(...ids)).toBeGreaterThan(before);
    await stream.close();

    // Nothing after the newest id: nothing replayed.
    const now = app.runtime.live.position();
    const quiet = await open(`?question=${q}`, { lastEventId: now });
    await quiet.until((t) => t.includes(`id: ${now}\nevent: ready`));
    await new Promise((r) => setTimeout(r, 300));
    expect(quiet.data()).toEqual([]);
    await quiet.close();

    // The events after `before` are pruned (a later one is kept): the page is told to read its data again.
    await app.answer(answerer.cookie, q, "A warm towel works too.");
    await app.runtime.db.delete(changeEvents).where(lte(changeEvents.id, before + 1));
    const stale = await open(`?question=${q}`, { lastEventId: before });
    await stale.until((t) => t.includes("event: reload"));
    await stale.close();
  });

  it("tells a member of their own inbox only, and a signed-out reader of public tags only", async () => {
    const asker = await app.member();
    const other = await app.member();
    const answerer = await app.member();
    const q = await app.ask(asker.cookie, "Cold packs or heat for a flare");
    const askers = await open(`?question=${q}`, { cookie: asker.cookie });
    const others = await open(`?question=${q}`, { cookie: other.cookie });
    const readers = await open(`?question=${q}`);
    // Asking for another member's inbox by name changes nothing: the stream chooses its tags.
    const nosy = await open(`?question=${q}&inbox=${asker.id}`, { cookie: other.cookie });
    await app.answer(answerer.cookie, q, "Heat in the morning, cold in the evening.");
    for (const stream of [askers, others, readers, nosy]) await stream.until((t) => t.includes(`question:${q}`));
    expect(askers.data()).toContainEqual(expect.stringContaining(`inbox:${asker.id}`));
    for (const stream of [others, readers, nosy]) {
      expect(stream.said()).not.toContain(asker.id);
      expect(stream.said()).not.toContain("inbox:");
    }
    // Only tags, never what was written, and nothing private besides the member's own inbox.
    for (const stream of [askers, others, readers, nosy]) {
      expect(stream.said()).not.toContain("Heat in the morning");
      for (const line of stream.data()) for (const t of line.split(" ")) expect(t === `question:${q}` || t === `inbox:${asker.id}`).toBe(true);
    }
    for (const stream of [askers, others, readers, nosy]) await stream.close();
  });

  it("ends a member's stream when they sign out, and gives none to a member who turned live updates off", async () => {
    const member = await app.member();
    const q = await app.ask(member.cookie, "Gloves at night for swollen knuckles");
    const stream = await open(`?question=${q}`, { cookie: member.cookie });
    await stream.until((t) => t.includes("retry:"));
    const out = await app.fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { Cookie: member.cookie, Origin: app.url, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    // A sign-out the auth library cannot tie to a member reaches every stream within a few seconds.
    await stream.until((t) => t.includes("event: end"), 10_000);
    await stream.close();

    // Turned off on the account page: the open stream ends, and no new one opens.
    const quiet = await app.member();
    const open1 = await open(`?question=${q}`, { cookie: quiet.cookie });
    await open1.until((t) => t.includes("retry:"));
    expect((await app.postForm("/account", quiet.cookie, { intent: "live-updates", liveUpdates: "off" })).status).toBe(200);
    const [row] = await app.runtime.db.select({ on: profiles.liveUpdates }).from(profiles).where(eq(profiles.id, quiet.id));
    expect(row.on).toBe(false);
    await open1.until((t) => t.includes("event: end"));
    await open1.close();
    expect((await app.fetch(`/live/events?question=${q}`, { headers: { Cookie: quiet.cookie } })).status).toBe(204);
    const page = await (await app.fetch("/account", { headers: { Cookie: quiet.cookie } })).text();
    expect(page).toContain("Turn live updates on");
    // Saving the setting it already has changes nothing, and announces nothing.
    const heard = recordChanges(app.runtime);
    expect((await app.postForm("/account", quiet.cookie, { intent: "live-updates", liveUpdates: "off" })).status).toBe(200);
    expect(heard.events).toEqual([]);
  });
});

describe("what an open page may announce", () => {
  it("lists the answers this viewer can see: a hidden one only for moderators", async () => {
    const asker = await app.member();
    const answerer = await app.member();
    const moderator = await app.member({ role: "moderator" });
    const q = await app.ask(asker.cookie, "Turmeric in tea, worth trying?");
    const shown = await app.answer(answerer.cookie, q, "It did little for me, but the tea is nice.");
    const hidden = await app.answer(answerer.cookie, q, "Buy my miracle cure at this address.");
    expect((await app.postForm("/admin/reports", moderator.cookie, { intent: "hide", targetType: "answer", targetId: String(hidden) })).status).toBeLessThan(
      400,
    );
    const ids = async (cookie?: string) => {
      const res = await app.fetch(`/forum/${q}/live`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status).toBe(200);
      return ((await res.json()) as { answerIds: number[] }).answerIds;
    };
    expect(await ids()).toEqual([shown]);
    expect(await ids(asker.cookie)).toEqual([shown]);
    expect((await ids(moderator.cookie)).sort()).toEqual([shown, hidden].sort());
  });
});

describe("a route asked after a change", () => {
  it("waits until this instance has applied the event the page heard of, a second at most", async () => {
    const asker = await app.member();
    const q = await app.ask(asker.cookie, "Morning walks in the cold");
    const next = app.runtime.live.position() + 1;
    // Heard elsewhere first: this instance answers once it has applied the event too.
    let started = Date.now();
    const asked = app.fetch(`/forum/${q}/live?at=${next}`);
    await new Promise((r) => setTimeout(r, 300));
    app.runtime.live.hear({ id: next, tags: [] });
    expect((await asked).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    // An event never heard (or a made-up id) costs the asker a second, then an answer as it stands.
    started = Date.now();
    const res = await app.fetch(`/notifications/count?at=${next + 1000}`, { headers: { Cookie: asker.cookie } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe("reading a question marks its notifications read", () => {
  it("only the reader's own, only by a same-origin POST, never by a GET", async () => {
    const asker = await app.member();
    const other = await app.member();
    const answerer = await app.member();
    const q = await app.ask(asker.cookie, "Compression sleeves while typing");
    await app.answer(answerer.cookie, q, "They help my wrists after an hour.");
    expect(await unreadOf(asker.id)).toBe(1);

    // The page says there is something unread here (and the bell's route counts it).
    expect(await (await app.fetch("/notifications/count", { headers: { Cookie: asker.cookie } })).json()).toEqual({ unread: 1 });
    expect((await app.fetch("/notifications/count")).status).toBe(401);

    // A GET changes nothing; a visitor, another member and another site cannot mark it.
    expect((await app.fetch(`/forum/${q}/read`, { headers: { Cookie: asker.cookie } })).status).toBe(405);
    expect((await app.postForm(`/forum/${q}/read`, "", {})).status).toBe(401);
    expect((await app.postForm(`/forum/${q}/read`, other.cookie, {})).status).toBe(200);
    const crossSite = await app.fetch(`/forum/${q}/read`, {
      method: "POST",
      headers: { Cookie: asker.cookie, Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(crossSite.status).toBe(403);
    expect(await unreadOf(asker.id)).toBe(1);

    expect((await app.postForm(`/forum/${q}/read`, asker.cookie, {})).status).toBe(200);
    expect(await unreadOf(asker.id)).toBe(0);
    expect(await (await app.fetch("/notifications/count", { headers: { Cookie: asker.cookie } })).json()).toEqual({ unread: 0 });
  });
});
