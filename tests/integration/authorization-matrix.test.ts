// Who may do what: every write the site offers, tried as a visitor, the member who wrote the
// content, another member, a moderator and an admin. A cell is "allowed" when the action answers
// without refusing and the database shows the change; "refused" when it answers 401/403 (or sends
// the visitor to /auth) and the database shows no change. The matrix is printed as a table.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, reports, services, users } from "../../db/schema";
import { action as accountAction } from "~/routes/account";
import { action as adminPlacesAction } from "~/routes/admin-places";
import { action as adminPostEditAction } from "~/routes/admin-post-edit";
import { action as adminPostsAction } from "~/routes/admin-posts";
import { action as adminReportsAction } from "~/routes/admin-reports";
import { action as authAction } from "~/routes/auth";
import { action as blogAction } from "~/routes/blog";
import { action as questionAction } from "~/routes/forum-question";
import { action as forumAction } from "~/routes/forum";
import type { Viewer } from "~/server/session.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "../helpers/runtime";

type Actor = "visitor" | "member" | "other member" | "moderator" | "admin";
const ACTORS: Actor[] = ["visitor", "member", "other member", "moderator", "admin"];
type Expect = "allowed" | "refused";

let rt: TestRuntime;
const people = {} as Record<Exclude<Actor, "visitor">, Viewer & { password: string }>;
/** Writes "someone else's" content: never one of the actors. */
let author: Viewer;
let n = 0;
const unique = (label: string) => `${label} ${++n} ${Date.now().toString(36)}`;

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  people.member = await createMember(rt);
  people["other member"] = await createMember(rt);
  people.moderator = await createMember(rt, { role: "moderator" });
  people.admin = await createMember(rt, { role: "admin" });
  author = await createMember(rt);
});
afterAll(() => rt?.close());

const viewerOf = (actor: Actor) => (actor === "visitor" ? null : people[actor]);
/** The content's owner for "own" rows: the actor itself (a visitor has none, so the author). */
const ownerFor = (actor: Actor) => viewerOf(actor)?.id ?? author.id;

async function newQuestion(authorId: string, hidden = false) {
  const [q] = await rt.db
    .insert(forumQuestions)
    .values({ authorId, title: unique("Question"), content: "Question content", hiddenAt: hidden ? new Date() : null })
    .returning();
  return q;
}
async function newAnswer(authorId: string) {
  const q = await newQuestion(author.id);
  const [a] = await rt.db.insert(forumAnswers).values({ questionId: q.id, authorId, content: unique("Answer") }).returning();
  return { q, a };
}
async function newPost(published: boolean) {
  const title = unique("Post");
  const [p] = await rt.db
    .insert(blogPosts)
    .values({ authorId: author.id, title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), content: "Post text", published })
    .returning();
  return p;
}
async function newCity(isActive = true) {
  const slug = unique("city").toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [c] = await rt.db.insert(cities).values({ slug, name: "Matrixville", state: "MX", isActive }).returning();
  return c;
}
async function roleOf(id: string) {
  const [u] = await rt.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return u?.role;
}

interface Attempt {
  /** What the action answered. */
  run: () => Promise<{ status: number; headers: Headers }>;
  /** Whether the database shows the write. */
  changed: () => Promise<boolean>;
}

interface Row {
  write: string;
  expected: Record<Actor, Expect>;
  attempt: (actor: Actor) => Promise<Attempt>;
}

const signedIn: Record<Actor, Expect> = { visitor: "refused", member: "allowed", "other member": "allowed", moderator: "allowed", admin: "allowed" };
const nobody: Record<Actor, Expect> = { visitor: "refused", member: "refused", "other member": "refused", moderator: "refused", admin: "refused" };
const moderators: Record<Actor, Expect> = { ...nobody, moderator: "allowed", admin: "allowed" };
const admins: Record<Actor, Expect> = { ...nobody, admin: "allowed" };

const call = (fn: Parameters<typeof callRoute>[0], actor: Actor, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(fn, formRequest(path, fields), contextFor(rt, viewerOf(actor)), params);

const questionExists = async (id: number) => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, id))).length > 0;
const answerExists = async (id: number) => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, id))).length > 0;

const ROWS: Row[] = [
  {
    write: "ask a question",
    expected: signedIn,
    attempt: async (actor) => {
      const title = unique("Asked");
      return {
        run: () => call(forumAction, actor, "/forum", { title, content: "What helps with morning stiffness?" }),
        changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.title, title))).length === 1,
      };
    },
  },
  {
    write: "answer a question",
    expected: signedIn,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      const content = unique("An answer");
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "answer", content }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.content, content))).length === 1,
      };
    },
  },
  {
    write: "edit own question",
    expected: signedIn,
    attempt: async (actor) => {
      const q = await newQuestion(ownerFor(actor));
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "edit-question", title: "Edited title", content: "Edited" }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].title === "Edited title",
      };
    },
  },
  {
    write: "edit someone else's question",
    expected: nobody,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "edit-question", title: "Hijacked title", content: "Hijacked" }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].title === "Hijacked title",
      };
    },
  },
  {
    write: "delete own question",
    expected: signedIn,
    attempt: async (actor) => {
      const q = await newQuestion(ownerFor(actor));
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-question" }, { questionId: String(q.id) }),
        changed: async () => !(await questionExists(q.id)),
      };
    },
  },
  {
    write: "delete someone else's question",
    expected: nobody,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-question" }, { questionId: String(q.id) }),
        changed: async () => !(await questionExists(q.id)),
      };
    },
  },
  {
    write: "edit own answer",
    expected: signedIn,
    attempt: async (actor) => {
      const { q, a } = await newAnswer(ownerFor(actor));
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "edit-answer", answerId: String(a.id), content: "Edited answer" }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id)))[0].content === "Edited answer",
      };
    },
  },
  {
    write: "edit someone else's answer",
    expected: nobody,
    attempt: async (actor) => {
      const { q, a } = await newAnswer(author.id);
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "edit-answer", answerId: String(a.id), content: "Hijacked answer" }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id)))[0].content === "Hijacked answer",
      };
    },
  },
  {
    write: "delete own answer",
    expected: signedIn,
    attempt: async (actor) => {
      const { q, a } = await newAnswer(ownerFor(actor));
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }, { questionId: String(q.id) }),
        changed: async () => !(await answerExists(a.id)),
      };
    },
  },
  {
    write: "delete someone else's answer",
    expected: nobody,
    attempt: async (actor) => {
      const { q, a } = await newAnswer(author.id);
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }, { questionId: String(q.id) }),
        changed: async () => !(await answerExists(a.id)),
      };
    },
  },
  {
    write: "report a question",
    expected: signedIn,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      return {
        run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "report", targetType: "question", targetId: String(q.id), reason: "Off topic" }, { questionId: String(q.id) }),
        changed: async () => (await rt.db.select().from(reports).where(and(eq(reports.targetType, "question"), eq(reports.targetId, q.id)))).length === 1,
      };
    },
  },
  {
    write: "hide content (moderation)",
    expected: moderators,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      return {
        run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "hide", targetType: "question", targetId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].hiddenAt !== null,
      };
    },
  },
  {
    write: "restore hidden content",
    expected: moderators,
    attempt: async (actor) => {
      const q = await newQuestion(author.id, true);
      return {
        run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "restore", targetType: "question", targetId: String(q.id) }),
        changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].hiddenAt === null,
      };
    },
  },
  {
    write: "dismiss a report",
    expected: moderators,
    attempt: async (actor) => {
      const q = await newQuestion(author.id);
      const [r] = await rt.db.insert(reports).values({ targetType: "question", targetId: q.id, reporterId: people.member.id, reason: "Spam" }).returning();
      return {
        run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "dismiss", reportId: String(r.id) }),
        changed: async () => (await rt.db.select().from(reports).where(eq(reports.id, r.id)))[0].status === "dismissed",
      };
    },
  },
  {
    write: "create a post",
    expected: admins,
    attempt: async (actor) => {
      const title = unique("Created post");
      return {
        run: () => call(adminPostsAction, actor, "/admin/posts", { intent: "save", title, content: "Body" }),
        changed: async () => (await rt.db.select().from(blogPosts).where(eq(blogPosts.title, title))).length === 1,
      };
    },
  },
  {
    write: "edit a post",
    expected: admins,
    attempt: async (actor) => {
      const p = await newPost(true);
      return {
        run: () => call(adminPostEditAction, actor, `/admin/posts/${p.id}`, { intent: "save", title: "Rewritten", content: "New body" }, { postId: String(p.id) }),
        changed: async () => (await rt.db.select().from(blogPosts).where(eq(blogPosts.id, p.id)))[0].title === "Rewritten",
      };
    },
  },
  {
    write: "publish a post",
    expected: admins,
    attempt: async (actor) => {
      const p = await newPost(false);
      return {
        run: () => call(adminPostEditAction, actor, `/admin/posts/${p.id}`, { intent: "publish" }, { postId: String(p.id) }),
        changed: async () => (await rt.db.select().from(blogPosts).where(eq(blogPosts.id, p.id)))[0].published,
      };
    },
  },
  {
    write: "unpublish a post",
    expected: admins,
    attempt: async (actor) => {
      const p = await newPost(true);
      return {
        run: () => call(adminPostEditAction, actor, `/admin/posts/${p.id}`, { intent: "unpublish" }, { postId: String(p.id) }),
        changed: async () => !(await rt.db.select().from(blogPosts).where(eq(blogPosts.id, p.id)))[0].published,
      };
    },
  },
  {
    write: "delete a post",
    expected: admins,
    attempt: async (actor) => {
      const p = await newPost(true);
      return {
        run: () => call(adminPostEditAction, actor, `/admin/posts/${p.id}`, { intent: "delete" }, { postId: String(p.id) }),
        changed: async () => (await rt.db.select().from(blogPosts).where(eq(blogPosts.id, p.id))).length === 0,
      };
    },
  },
  {
    write: "submit a story",
    expected: signedIn,
    attempt: async (actor) => {
      const title = unique("My story");
      return {
        run: () => call(blogAction, actor, "/blog", { title, content: "How I manage flares." }),
        changed: async () => (await rt.db.select().from(blogPosts).where(and(eq(blogPosts.title, title), eq(blogPosts.published, false)))).length === 1,
      };
    },
  },
  {
    write: "places: create a city",
    expected: admins,
    attempt: async (actor) => {
      const slug = `matrix-${++n}-${Date.now().toString(36)}`;
      return {
        run: () => call(adminPlacesAction, actor, "/admin/places?tab=cities", { intent: "save-city", slug, name: "Created City", state: "CA", is_active: "true" }),
        changed: async () => (await rt.db.select().from(cities).where(eq(cities.slug, slug))).length === 1,
      };
    },
  },
  {
    write: "places: deactivate a city",
    expected: admins,
    attempt: async (actor) => {
      const c = await newCity(true);
      return {
        run: () => call(adminPlacesAction, actor, "/admin/places?tab=cities", { intent: "toggle-city", id: String(c.id), active: "false" }),
        changed: async () => !(await rt.db.select().from(cities).where(eq(cities.id, c.id)))[0].isActive,
      };
    },
  },
  {
    write: "places: save a page",
    expected: admins,
    attempt: async (actor) => {
      const c = await newCity(true);
      const [s] = await rt.db.select().from(services).limit(1);
      const service = s ?? (await rt.db.insert(services).values({ slug: "matrix-service", name: "Matrix service" }).returning())[0];
      return {
        run: () =>
          call(adminPlacesAction, actor, "/admin/places?tab=pages", {
            intent: "save-page",
            city_id: String(c.id),
            service_id: String(service.id),
            meta_title: "Matrix page",
            meta_description: "A page saved by the matrix",
            content: "<p>Local help</p>",
          }),
        changed: async () => (await rt.db.select().from(cityServicePages).where(eq(cityServicePages.cityId, c.id))).length === 1,
      };
    },
  },
  {
    write: "change own role (account form, role=…)",
    expected: nobody,
    attempt: async (actor) => {
      const id = ownerFor(actor);
      const before = await roleOf(id);
      const role = before === "admin" ? "member" : "admin";
      return {
        run: () => call(accountAction, actor, "/account", { intent: "display-name", displayName: "Role seeker", role }),
        changed: async () => (await roleOf(id)) !== before,
      };
    },
  },
  {
    write: "sign up with a role (role=admin in the form)",
    expected: nobody,
    attempt: async (actor) => {
      const email = `role-${++n}-${Date.now().toString(36)}@example.com`;
      return {
        run: () => call(authAction, actor, "/auth", { intent: "signup", email, password: "a-long-password", role: "admin" }),
        changed: async () => (await rt.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role !== "member",
      };
    },
  },
  {
    write: "sign up with a role (Better Auth sign-up, role=admin)",
    expected: nobody,
    attempt: async () => {
      const email = `role-${++n}-${Date.now().toString(36)}@example.com`;
      return {
        run: async () => {
          const res = await rt.auth.handler(
            new Request(`${rt.env.SITE_URL}/api/auth/sign-up/email`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: rt.env.SITE_URL },
              body: JSON.stringify({ email, password: "a-long-password", name: "", role: "admin" }),
            }),
          );
          return { status: res.status, headers: res.headers };
        },
        changed: async () => ((await rt.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role ?? "member") !== "member",
      };
    },
  },
  {
    write: "change own role (Better Auth update-user)",
    expected: nobody,
    attempt: async (actor) => {
      const viewer = viewerOf(actor);
      const cookie = viewer ? await sessionCookie(viewer.email, people[actor as Exclude<Actor, "visitor">].password) : "";
      const id = ownerFor(actor);
      const before = await roleOf(id);
      const role = before === "admin" ? "member" : "admin";
      return {
        run: async () => {
          const res = await rt.auth.handler(
            new Request(`${rt.env.SITE_URL}/api/auth/update-user`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: rt.env.SITE_URL, Cookie: cookie },
              body: JSON.stringify({ role, name: "Role seeker" }),
            }),
          );
          return { status: res.status, headers: res.headers };
        },
        changed: async () => (await roleOf(id)) !== before,
      };
    },
  },
];

async function sessionCookie(email: string, password: string) {
  const res = await rt.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** How the action answered, in a word: refused (401/403, or sent to /auth), bad request, or accepted. */
function answerOf(status: number, headers: Headers) {
  const location = headers.get("location") ?? "";
  if (status === 401 || status === 403 || (status >= 300 && status < 400 && location.startsWith("/auth"))) return "refused";
  if (status >= 400) return `error ${status}`;
  return "accepted";
}

it("every write is allowed exactly for the roles that may do it, and refused (with nothing changed) for everyone else", async () => {
  const table: Record<string, Record<Actor, string>> = {};
  const wrong: string[] = [];
  for (const row of ROWS) {
    table[row.write] = {} as Record<Actor, string>;
    for (const actor of ACTORS) {
      const attempt = await row.attempt(actor);
      const { status, headers } = await attempt.run();
      const answer = answerOf(status, headers);
      const changed = await attempt.changed();
      const expected = row.expected[actor];
      // The role rows never answer "refused" (the form itself is allowed); only the database decides there.
      const roleRow = row.write.includes("role");
      const outcome = changed ? "allowed" : roleRow || answer === "refused" ? "refused" : `${answer}, unchanged`;
      table[row.write][actor] = outcome === expected ? outcome : `${outcome} (expected ${expected}) ✗`;
      if (outcome !== expected) wrong.push(`${row.write} as ${actor}: ${outcome} (HTTP ${status}), expected ${expected}`);
      if (changed && answer === "refused") wrong.push(`${row.write} as ${actor}: refused with ${status} but the database changed`);
    }
  }
  console.table(table);
  expect(wrong).toEqual([]);
  // Roles only change through scripts/user-role.ts: nobody's role moved during the whole matrix.
  const roles = await rt.db.select({ id: users.id, role: users.role }).from(users).where(sql`${users.role} <> 'member'`);
  expect(roles.map((r) => r.id).sort()).toEqual([people.moderator.id, people.admin.id].sort());
}, 120_000);
