// Members' pages are rendered for each of them, but who they are (viewer-cache.server.ts) and the
// shared data of the page (read-cache.server.ts) are remembered until what they show changes.
// These tests show that remembering saves the database work, and that no change is ever missed
// because of it: sign-out, revoked sessions, a new display name, a new question.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import * as accountRoute from "~/routes/account/account";
import * as authRoute from "~/routes/auth/auth";
import * as signOutRoute from "~/routes/auth/auth-sign-out";
import * as forumRoute from "~/routes/forum/forum";
import * as questionRoute from "~/routes/forum/forum-question";
import type { Db } from "~/server/infra/db.server";
import { createReadCache } from "~/server/infra/cache/read-cache.server";
import { loadViewer, type Viewer } from "~/server/accounts/session.server";
import { createViewerCache } from "~/server/infra/cache/viewer-cache.server";
import { createDependencyTracker, createTagClock } from "~/server/infra/cache/tags.server";
import { authByForm, callRoute, contextFor, createTestRuntime, formRequest, getRequest, recordChanges, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  // Many sign-ups from one address here: the per-address limits are tested in accounts.test.ts.
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const signUp = (email: string) => authByForm(rt, "signup", email, "mild-lantern-42");
const signIn = (email: string) => authByForm(rt, "signin", email, "mild-lantern-42");

const viewerOf = async (cookie: string) => (await loadViewer(getRequest("/", { cookie }), contextFor(rt))).viewer;

/** Counts the statements sent through `db` while `fn` runs. */
async function statementsDuring(db: Db, fn: () => Promise<unknown>) {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query;
  let n = 0;
  client.query = (...args: unknown[]) => {
    n++;
    return query.apply(client, args);
  };
  try {
    await fn();
  } finally {
    client.query = query;
  }
  return n;
}

describe("who is signed in, remembered between page views", () => {
  it("reads the session from the database once, not on every page view", async () => {
    const cookie = await signUp("cached-viewer@example.com");
    const first = await statementsDuring(rt.db, () => viewerOf(cookie));
    const second = await statementsDuring(rt.db, () => viewerOf(cookie));
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(0);
    expect((await viewerOf(cookie))?.email).toBe("cached-viewer@example.com");
  });

  it("signing out ends the session at once, for the next request too", async () => {
    const cookie = await signUp("signs-out@example.com");
    expect((await viewerOf(cookie))?.email).toBe("signs-out@example.com");
    const out = await callRoute(signOutRoute.action, formRequest("/auth/sign-out", {}, { headers: { cookie } }), contextFor(rt));
    expect(out.status).toBe(302);
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("sessions signed out from another browser stop working at once", async () => {
    const laptop = await signUp("two-browsers@example.com");
    const phone = await signIn("two-browsers@example.com");
    const phoneViewer = (await viewerOf(phone)) as Viewer;
    const laptopViewer = (await viewerOf(laptop)) as Viewer;
    expect(phoneViewer.email).toBe("two-browsers@example.com");
    // From the laptop: "sign out my other sessions".
    const res = await callRoute(accountRoute.action, formRequest("/account", { intent: "revoke-others" }), contextFor(rt, laptopViewer));
    expect(res.status).toBe(200);
    expect(await viewerOf(phone)).toBeNull();
    expect((await viewerOf(laptop))?.email).toBe("two-browsers@example.com");
  });

  it("a new display name shows on the next page view", async () => {
    const cookie = await signUp("renamed@example.com");
    const before = (await viewerOf(cookie)) as Viewer;
    expect(before.displayName).toBeNull();
    const res = await callRoute(accountRoute.action, formRequest("/account", { intent: "display-name", displayName: "Robin" }), contextFor(rt, before));
    expect(res.status).toBe(200);
    expect((await viewerOf(cookie))?.displayName).toBe("Robin");
  });

  it("a change the auth library makes to a member forgets that member's sessions, and nobody else's", async () => {
    const cookie = await signUp("changed-by-auth@example.com");
    const bystander = await signUp("bystander@example.com");
    expect(await viewerOf(cookie)).not.toBeNull();
    expect(await viewerOf(bystander)).not.toBeNull();
    const [user] = await rt.db.select().from(users).where(eq(users.email, "changed-by-auth@example.com"));
    // Outside the app (as an operator's SQL would): remembered until something says it changed.
    await rt.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await viewerOf(cookie)).not.toBeNull();
    // Another member joining changes nothing about this one.
    await signUp("someone-else@example.com");
    expect(await viewerOf(cookie)).not.toBeNull();
    // A change to this member through the library (their name) is heard: the session is read again.
    const renamed = await rt.auth.api.updateUser({ headers: new Headers({ cookie: bystander }), body: { name: "Bystander" } }).catch(() => null);
    expect(renamed).not.toBeNull();
    expect(await statementsDuring(rt.db, () => viewerOf(cookie))).toBe(0);
    await rt.changes.record([`account:${user.id}`]);
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("a sign-up through the web form changes the members' count; a refused one changes nothing", async () => {
    const changes = recordChanges(rt);
    await signUp("counted@example.com");
    expect(changes.tags()).toEqual(new Set(["members"]));
    changes.clear();
    const refused = await callRoute(
      authRoute.action,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "counted@example.com", password: "mild-lantern-42" }),
      contextFor(rt),
    );
    expect(refused.status).toBe(400);
    expect(changes.events).toEqual([]);
  });

  it("remembers a viewer for at most the time given and never past the session's expiry", async () => {
    const viewer = {
      id: "u",
      email: "e@example.com",
      role: "member",
      displayName: null,
      emailVerified: true,
      twoFactorEnabled: false,
      aal: "aal1",
      sessionId: "s",
    } satisfies Viewer;
    const clock = createTagClock();
    const cache = createViewerCache(clock, (id) => [`account:${id}`], { ttlMs: 50 });
    cache.set("a", viewer, Date.now() + 60_000, clock.now());
    cache.set("b", viewer, Date.now() - 1, clock.now());
    expect(cache.get("a")).toBe(viewer);
    expect(cache.get("b")).toBeUndefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("public pages' data for members, kept between writes", () => {
  it("a member's second view of /forum sends no statement, of a question one (their own marks); their new question is on the next one", async () => {
    const cookie = await signUp("asks@example.com");
    const viewer = (await viewerOf(cookie)) as Viewer;
    const context = contextFor(rt, viewer);
    const list = () => callRoute(forumRoute.loader, getRequest("/forum"), context);
    await list();
    expect(await statementsDuring(rt.db, list)).toBe(0);

    const posted = await callRoute(
      forumRoute.action,
      formRequest("/forum", {
        title: "Does cold weather make your hands worse?",
        content: "Mine ache every morning in winter.",
        submissionKey: crypto.randomUUID(),
      }),
      context,
    );
    expect(posted.status).toBe(302);
    const after = await list();
    const questions = (after.data as { questions: { id: number; title: string }[] }).questions;
    expect(questions[0].title).toBe("Does cold weather make your hands worse?");

    // Its page, and an answer on it, the same way.
    const page = () => callRoute(questionRoute.loader, getRequest(`/forum/${questions[0].id}`), context, { questionId: String(questions[0].id) });
    await page();
    // The question is shared; whether this member follows it and what they marked is read for them.
    expect(await statementsDuring(rt.db, page)).toBe(1);
    const answered = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${questions[0].id}`, { intent: "answer", content: "Gloves in the morning help me.", submissionKey: crypto.randomUUID() }),
      context,
      { questionId: String(questions[0].id) },
    );
    expect(answered.status).toBeLessThan(400);
    const shown = (await page()).data as { question: { answers: { content: string }[] } };
    expect(shown.question.answers.map((a) => a.content)).toContain("Gloves in the morning help me.");
  });

  it("shares one read among concurrent requests, keeps nothing that failed, and forgets what a change names", async () => {
    const clock = createTagClock();
    const cache = createReadCache(clock, createDependencyTracker());
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.get("k", ["question:1"], load), cache.get("k", ["question:1"], load)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    await expect(cache.get("bad", [], () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("bad", [], async () => "recovered")).toBe("recovered");
    // A change to something else leaves it; a change to what it shows reads it again.
    clock.change(["question:2", "forum"]);
    expect(await cache.get("k", ["question:1"], load)).toEqual({ n: 1 });
    clock.change(["question:1"]);
    expect(await cache.get("k", ["question:1"], load)).toEqual({ n: 2 });
  });

  it("never takes a read that began before a change for one that follows it", async () => {
    const clock = createTagClock();
    const cache = createReadCache(clock, createDependencyTracker());
    let stored = "old";
    let release = () => {};
    let first = true;
    // The first read is held until released; it read what was stored when it began.
    const read = () => {
      const seen = stored;
      if (!first) return Promise.resolve(seen);
      first = false;
      return new Promise<string>((resolve) => (release = () => resolve(seen)));
    };
    // A render began reading; the write commits and is applied while that read is still out.
    const early = cache.get("q", ["question:1"], read);
    stored = "new";
    clock.change(["question:1"]);
    const late = cache.get("q", ["question:1"], read);
    release();
    // The request that follows the change never gets what was read before it.
    expect(await late).toBe("new");
    expect(await early).toBe("new");
    expect(await cache.get("q", ["question:1"], read)).toBe("new");
  });
});
