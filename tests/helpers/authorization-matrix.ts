// The harness behind the authorization matrix tests: the five actors, the content they act on,
// and the check that runs every row as every actor. A cell is "allowed" when the action answers
// without refusing and the database shows the change; "refused" when it answers 401/403 (or sends
// the visitor to /auth) and the database shows no change. Each matrix is printed as a table.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { blogPosts, cities, forumAnswers, forumQuestions, users } from "../../db/schema";
import type { Viewer } from "~/server/accounts/session.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "./runtime";

export type Actor = "visitor" | "member" | "other member" | "moderator" | "admin";
const ACTORS: Actor[] = ["visitor", "member", "other member", "moderator", "admin"];
type Expect = "allowed" | "refused";

interface Attempt {
  /** What the action answered. */
  run: () => Promise<{ status: number; headers: Headers }>;
  /** Whether the database shows the write. */
  changed: () => Promise<boolean>;
}

export interface Row {
  write: string;
  expected: Record<Actor, Expect>;
  attempt: (actor: Actor) => Promise<Attempt>;
}

export const signedIn: Record<Actor, Expect> = { visitor: "refused", member: "allowed", "other member": "allowed", moderator: "allowed", admin: "allowed" };
export const nobody: Record<Actor, Expect> = { visitor: "refused", member: "refused", "other member": "refused", moderator: "refused", admin: "refused" };
export const moderators: Record<Actor, Expect> = { ...nobody, moderator: "allowed", admin: "allowed" };
export const admins: Record<Actor, Expect> = { ...nobody, admin: "allowed" };

export type Matrix = Awaited<ReturnType<typeof createMatrix>>;

/** A runtime (rate limits off, so the cells do not throttle each other) and actors for one test file. */
export function matrixPerFile() {
  let rt: TestRuntime | undefined;
  let m: Matrix | undefined;
  beforeAll(async () => {
    rt = await createTestRuntime({ RATE_LIMITS: "false" });
    m = await createMatrix(rt);
  });
  afterAll(() => rt?.close());
  return () => {
    if (!m) throw new Error("The matrix is set up before the file's tests run");
    return m;
  };
}

/** The actors (one member of each role, plus the author of "someone else's" content) and the helpers rows use. */
async function createMatrix(rt: TestRuntime) {
  const people = {
    member: await createMember(rt),
    "other member": await createMember(rt),
    moderator: await createMember(rt, { role: "moderator" }),
    admin: await createMember(rt, { role: "admin" }),
  } satisfies Record<Exclude<Actor, "visitor">, Viewer & { password: string }>;
  /** Writes "someone else's" content: never one of the actors. */
  const author: Viewer = await createMember(rt);
  let n = 0;
  const unique = (label: string) => `${label} ${++n} ${Date.now().toString(36)}`;
  const viewerOf = (actor: Actor) => (actor === "visitor" ? null : people[actor]);

  async function newQuestion(authorId: string, hidden = false) {
    const [q] = await rt.db
      .insert(forumQuestions)
      .values({ authorId, title: unique("Question"), content: "Question content", hiddenAt: hidden ? new Date() : null })
      .returning();
    return q;
  }

  return {
    rt,
    people,
    author,
    unique,
    viewerOf,
    /** The content's owner for "own" rows: the actor itself (a visitor has none, so the author). */
    ownerFor: (actor: Actor) => viewerOf(actor)?.id ?? author.id,
    call: (fn: Parameters<typeof callRoute>[0], actor: Actor, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
      callRoute(fn, formRequest(path, fields), contextFor(rt, viewerOf(actor)), params),
    newQuestion,
    async newAnswer(authorId: string) {
      const q = await newQuestion(author.id);
      const [a] = await rt.db
        .insert(forumAnswers)
        .values({ questionId: q.id, authorId, content: unique("Answer") })
        .returning();
      return { q, a };
    },
    async newPost(published: boolean) {
      const title = unique("Post");
      const [p] = await rt.db
        .insert(blogPosts)
        .values({ authorId: author.id, title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), content: "Post text", published })
        .returning();
      return p;
    },
    async newCity(isActive = true) {
      const slug = unique("city")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-");
      const [c] = await rt.db.insert(cities).values({ slug, name: "Matrixville", state: "MX", isActive }).returning();
      return c;
    },
    async roleOf(id: string) {
      const [u] = await rt.db.select({ role: users.role }).from(users).where(eq(users.id, id));
      return u?.role;
    },
    async sessionCookie(email: string, password: string) {
      const res = await rt.auth.api.signInEmail({ body: { email, password }, asResponse: true });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
  };
}

/** How the action answered, in a word: refused (401/403, or sent to /auth), bad request, or accepted. */
function answerOf(status: number, headers: Headers) {
  const location = headers.get("location") ?? "";
  if (status === 401 || status === 403 || (status >= 300 && status < 400 && location.startsWith("/auth"))) return "refused";
  if (status >= 400) return `error ${status}`;
  return "accepted";
}

/** Runs every row as every actor, prints the table, and fails on any cell that is not as expected. */
export async function checkMatrix(m: Matrix, rows: Row[]) {
  const table: Record<string, Record<Actor, string>> = {};
  const wrong: string[] = [];
  for (const row of rows) {
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
  // No row leaves a role changed (the role rows put back what they gave): the staff are the actors only.
  const roles = await m.rt.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`${users.role} <> 'member'`);
  expect(roles.map((r) => r.id).sort()).toEqual([m.people.moderator.id, m.people.admin.id].sort());
}
