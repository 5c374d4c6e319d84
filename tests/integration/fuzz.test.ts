// Generated bad input against every form action and the JSON API's writes: random Unicode,
// control characters, huge strings, HTML and script payloads, numbers where text is expected,
// missing and repeated fields. No input may produce a 5xx (a thrown error that is not a
// Response counts as one), stored text must be normalised, and nothing stored may come back
// out of a page as markup.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumAnswers, forumQuestions, reports } from "../../db/schema";
import { action as accountAction } from "~/routes/account/account";
import { action as accountSecurityAction } from "~/routes/account/account-security";
import { action as adminPlacesAction } from "~/routes/admin/admin-places";
import { action as adminPostEditAction } from "~/routes/admin/admin-post-edit";
import { action as adminPostsAction } from "~/routes/admin/admin-posts";
import { action as adminReportsAction } from "~/routes/admin/admin-reports";
import { action as authAction } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/auth-forgot";
import { action as resetAction } from "~/routes/auth/auth-reset";
import { action as twoFactorAction } from "~/routes/auth/auth-two-factor";
import { action as blogAction } from "~/routes/blog/blog";
import { action as questionAction } from "~/routes/forum/forum-question";
import { action as forumAction } from "~/routes/forum/forum";
import type { Viewer } from "~/server/accounts/session.server";
import { formOf, HTML_PAYLOADS, MARK, param, text } from "../helpers/fuzz-inputs";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { callRoute, contextFor, createMember, type TestRuntime } from "../helpers/runtime";

let app: HttpApp;
let rt: TestRuntime;
let member: Viewer & { password: string };
let moderator: Viewer & { password: string };
let admin: Viewer & { password: string };
let runs = 0;
const served: Record<string, number> = {};

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  rt = app.runtime;
  member = await createMember(rt);
  moderator = await createMember(rt, { role: "moderator" });
  admin = await createMember(rt, { role: "admin" });
}, 60_000);
afterAll(() => app?.close());

function post(path: string, body: URLSearchParams | FormData) {
  return new Request(`${rt.env.SITE_URL}${path}`, { method: "POST", body, headers: { Origin: rt.env.SITE_URL } });
}

/** Runs one action with one input; fails on a 5xx or on a thrown error that is not a Response. */
async function attempt(label: string, fn: Parameters<typeof callRoute>[0], request: Request, viewer: Viewer | null, params: Record<string, string> = {}) {
  runs++;
  served[label] = (served[label] ?? 0) + 1;
  const { status } = await callRoute(fn, request, contextFor(rt, viewer), params);
  expect(status, `${label} answered ${status}`).toBeLessThan(500);
}

const RUNS = 90;
const check = <T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<void>, numRuns = RUNS) =>
  fc.assert(fc.asyncProperty(arb, run), { numRuns, endOnFailure: true });

describe("no generated input makes an action fail with a 5xx", () => {
  it("sign in and sign up", () =>
    check(formOf(["email", "password", "redirectTo"], ["signin", "signup"]), (body) => attempt("auth", authAction, post("/auth", body), null)));

  it("forgotten password and reset", async () => {
    await check(formOf(["email"]), (body) => attempt("auth/forgot", forgotAction, post("/auth/forgot", body), null), 60);
    await check(formOf(["token", "password", "confirm"]), (body) => attempt("auth/reset", resetAction, post("/auth/reset", body), null), 60);
    await check(formOf(["method", "code", "redirectTo"]), (body) => attempt("auth/two-factor", twoFactorAction, post("/auth/two-factor", body), null), 60);
  });

  it("account intents", async () => {
    await check(
      formOf(
        ["displayName", "currentPassword", "newPassword", "sessionId", "content", "password"],
        ["display-name", "change-password", "revoke-session", "revoke-others", "delete-account"],
      ),
      (body) => attempt("account", accountAction, post("/account", body), member),
    );
    await check(
      formOf(
        ["password", "code", "totpURI", "backupCodes", "sessionId", "removePasskeys"],
        ["enable", "verify", "disable", "backup-codes", "revoke-session", "revoke-others"],
      ),
      (body) => attempt("account/security", accountSecurityAction, post("/account/security", body), member),
      60,
    );
  });

  it("asking a question", () =>
    check(
      formOf(["title", "content", "submissionKey", "acknowledgePersonal", "via"]),
      (body) => attempt("forum", forumAction, post("/forum", body), member),
      120,
    ));

  it("every intent of a question page", async () => {
    let current = { q: 0, a: 0 };
    const arb = fc.tuple(
      formOf(
        ["content", "title", "answerId", "targetType", "targetId", "reason", "submissionKey", "acknowledgePersonal", "via"],
        ["answer", "edit-question", "delete-question", "edit-answer", "delete-answer", "report"],
      ),
      param(() => String(current.q)),
      fc.boolean(),
    );
    await check(
      arb,
      async ([body, questionId, realIds]) => {
        // A fresh question with an answer by the member, so edits and deletes can really happen.
        const [q] = await rt.db.insert(forumQuestions).values({ authorId: member.id, title: "Fuzzed question", content: "Question text" }).returning();
        const [a] = await rt.db.insert(forumAnswers).values({ questionId: q.id, authorId: member.id, content: "Answer text" }).returning();
        current = { q: q.id, a: a.id };
        if (realIds) {
          body.set("answerId", String(a.id));
          body.set("targetId", String(q.id));
        }
        await attempt("forum/:id", questionAction, post(`/forum/${questionId}`, body), member, {
          questionId: questionId === String(current.q) ? String(q.id) : questionId,
        });
      },
      150,
    );
  });

  it("sharing a story", () => check(formOf(["title", "content"]), (body) => attempt("blog", blogAction, post("/blog", body), member), 90));

  it("writing, publishing and deleting posts", async () => {
    await check(formOf(["title", "slug", "excerpt", "content"], ["save", "save-publish", "preview"]), (body) =>
      attempt("admin/posts", adminPostsAction, post("/admin/posts", body), admin),
    );
    let postId = "0";
    await check(
      fc.tuple(
        formOf(["title", "slug", "excerpt", "content"], ["save", "save-publish", "preview", "publish", "unpublish", "delete"]),
        param(() => postId),
      ),
      async ([body, id]) => {
        const [p] = await rt.db
          .insert(blogPosts)
          .values({ authorId: admin.id, title: "Fuzzed post", slug: `fuzzed-${runs}-${Date.now()}`, content: "Text", published: false })
          .returning();
        postId = String(p.id);
        await attempt("admin/posts/:id", adminPostEditAction, post(`/admin/posts/${id}`, body), admin, { postId: id === "0" ? postId : id });
      },
    );
  });

  it("moderating reports", async () => {
    await check(fc.tuple(formOf(["targetType", "targetId", "reportId"], ["hide", "restore", "dismiss"]), fc.boolean()), async ([body, realIds]) => {
      const [q] = await rt.db.insert(forumQuestions).values({ authorId: member.id, title: "Reported", content: "Text" }).returning();
      const [r] = await rt.db.insert(reports).values({ targetType: "question", targetId: q.id, reporterId: member.id, reason: "Spam" }).returning();
      if (realIds) {
        body.set("targetId", String(q.id));
        body.set("reportId", String(r.id));
      }
      await attempt("admin/reports", adminReportsAction, post("/admin/reports", body), moderator);
    });
  });

  it("every intent of places administration, including CSV uploads", async () => {
    const names = [
      "id",
      "slug",
      "name",
      "state",
      "description",
      "latitude",
      "longitude",
      "is_active",
      "active",
      "city_id",
      "service_id",
      "page_id",
      "meta_title",
      "meta_description",
      "content",
      "kind",
    ];
    const intents = ["save-city", "save-service", "toggle-city", "toggle-service", "preview-page", "save-page", "delete-page", "import"];
    await check(formOf(names, intents), (body) => attempt("admin/places", adminPlacesAction, post("/admin/places?tab=cities", body), admin), 150);
    const csv = fc.oneof(
      text,
      fc.array(fc.array(text, { maxLength: 7 }), { maxLength: 6 }).map((rows) => rows.map((r) => r.join(",")).join("\n")),
      fc
        .array(fc.array(text, { maxLength: 5 }), { maxLength: 4 })
        .map((rows) => `slug,name,state,description,latitude,longitude,is_active\n${rows.map((r) => r.join(",")).join("\n")}`),
    );
    await check(
      fc.tuple(fc.constantFrom("cities", "services", "pages", "other"), csv),
      async ([kind, content]) => {
        const form = new FormData();
        form.set("intent", "import");
        form.set("kind", kind);
        form.set("file", new File([content], "upload.csv", { type: "text/csv" }));
        await attempt("admin/places import", adminPlacesAction, post("/admin/places?tab=import", form), admin);
      },
      60,
    );
  });

  it("the JSON API's writes, over HTTP", async () => {
    const session = await app.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { token } = (await (await app.fetch("/api/auth/token", { headers: { Cookie: cookie } })).json()) as { token: string };
    expect(token).toBeTruthy();
    const [q] = await rt.db.insert(forumQuestions).values({ authorId: member.id, title: "API target", content: "Text" }).returning();
    const json = fc.oneof(
      fc
        .record(
          { title: fc.option(text), content: fc.option(text), submissionKey: fc.option(text), acknowledgePersonal: fc.option(fc.jsonValue()) },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      text,
    );
    await check(
      fc.tuple(
        json,
        fc.constantFrom("/api/v1/questions", `/api/v1/questions/${q.id}/answers`, "/api/v1/questions/abc/answers", "/api/v1/questions/99999999999/answers"),
        fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
      ),
      async ([body, path, type]) => {
        runs++;
        served.api = (served.api ?? 0) + 1;
        const res = await app.fetch(path, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": type }, body });
        expect(res.status, `${path} answered ${res.status}: ${await res.text()}`).toBeLessThan(500);
      },
      120,
    );
  });

  afterAll(() => {
    console.table(served);
    console.log(`${runs} generated inputs tried`);
  });
});

describe("what was stored", () => {
  // eslint-disable-next-line no-control-regex
  const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;

  it("titles and names are NFC without control characters, whatever was sent", async () => {
    const values = [
      ...(await rt.db.select({ v: forumQuestions.title }).from(forumQuestions)),
      ...(await rt.db.select({ v: blogPosts.title }).from(blogPosts)),
      ...((await rt.db.execute(sql`select display_name as v from profiles where display_name is not null`)) as unknown as { rows: { v: string }[] }).rows,
    ].map((r) => r.v);
    expect(values.length).toBeGreaterThan(20);
    for (const v of values) {
      expect(v, JSON.stringify(v)).toBe(v.normalize("NFC"));
      expect(CONTROL.test(v), JSON.stringify(v)).toBe(false);
      expect(v).toBe(v.trim());
    }
    const bodies = (await rt.db.select({ v: forumAnswers.content }).from(forumAnswers)).map((r) => r.v);
    // eslint-disable-next-line no-control-regex
    for (const v of bodies) expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(v), JSON.stringify(v)).toBe(false);
  });

  it("stored payloads come back out of every page as text, never as markup", async () => {
    const adminCookie = await app.signIn(admin.email, admin.password);
    const memberCookie = await app.signIn(member.email, member.password);
    // Make sure some payloads are stored and public, whatever the generator happened to pick.
    for (const payload of HTML_PAYLOADS) {
      const [q] = await rt.db
        .insert(forumQuestions)
        .values({ authorId: member.id, title: `Q ${payload}`, content: `Body ${payload}` })
        .returning();
      await rt.db.insert(forumAnswers).values({ questionId: q.id, authorId: member.id, content: `Answer ${payload}` });
    }
    await rt.db.insert(blogPosts).values({
      authorId: member.id,
      title: `Story ${HTML_PAYLOADS[0]}`,
      slug: "payload-story",
      content: HTML_PAYLOADS.join("\n\n"),
      excerpt: HTML_PAYLOADS[1],
      published: true,
    });
    await rt.db.execute(sql`update profiles set display_name = ${`Name ${HTML_PAYLOADS[1]}`} where id = ${member.id}`);
    await rt.db.update(forumQuestions).set({ answerCount: sql`(select count(*)::int from forum_answers a where a.question_id = forum_questions.id)` });

    const withPayload = await rt.db
      .select({ id: forumQuestions.id })
      .from(forumQuestions)
      .where(
        sql`${forumQuestions.hiddenAt} is null and (${forumQuestions.title} like ${`%${MARK}%`} or ${forumQuestions.content} like ${`%${MARK}%`} or exists (select 1 from forum_answers a where a.question_id = ${forumQuestions.id} and a.content like ${`%${MARK}%`}))`,
      )
      .limit(40);
    const posts = await rt.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.published, true)).limit(20);
    const pages: [string, string?][] = [
      ["/"],
      ["/forum"],
      ["/forum?page=2"],
      ["/blog"],
      [`/search?q=${MARK}`],
      ["/rss.xml"],
      ...withPayload.map((q): [string] => [`/forum/${q.id}`]),
      ...posts.map((p): [string] => [`/article/${p.slug}`]),
      ["/account", memberCookie],
      ["/admin/posts", adminCookie],
      ["/admin/reports", adminCookie],
    ];
    let seen = 0;
    for (const [path, cookie] of pages) {
      const res = await app.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      if (html.includes(MARK)) seen++;
      for (const payload of HTML_PAYLOADS) expect(html.includes(payload), `${path} contains ${payload} as markup`).toBe(false);
    }
    // The payloads were on the pages (escaped), so the check above looked at them.
    expect(seen).toBeGreaterThan(pages.length / 2);
  });
});
