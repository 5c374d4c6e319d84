// Who may act on members' accounts and read the moderators' record (the cells and the table are
// explained in tests/helpers/authorization-matrix.ts): silencing, suspending, lifting and roles,
// tried as a visitor, a member, another member, a moderator and an admin, each on a fresh member.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../../db/schema";
import { action as membersAction, loader as membersLoader } from "~/routes/admin/admin-members";
import { loader as actionsLoader } from "~/routes/admin/admin-actions";
import { checkMatrix, matrixPerFile, moderators, admins, type Actor, type Matrix, type Row } from "../helpers/authorization-matrix";
import { callRoute, contextFor, createMember, getRequest } from "../helpers/runtime";

const matrix = matrixPerFile();

function rows({ rt, call }: Matrix): Row[] {
  const standing = async (id: string) => (await rt.db.select().from(users).where(eq(users.id, id)))[0];
  const target = (role: "member" | "moderator" = "member") => createMember(rt, { role });
  return [
    {
      write: "silence a member",
      expected: moderators,
      attempt: async (actor) => {
        const m = await target();
        return {
          run: () => call(membersAction, actor, "/admin/members", { intent: "silence", memberId: m.id, days: "1", reason: "Adverts again" }),
          changed: async () => (await standing(m.id)).silencedUntil !== null,
        };
      },
    },
    {
      write: "suspend a member",
      expected: moderators,
      attempt: async (actor) => {
        const m = await target();
        return {
          run: () => call(membersAction, actor, "/admin/members", { intent: "suspend", memberId: m.id, reason: "Threats to members" }),
          changed: async () => (await standing(m.id)).suspendedAt !== null,
        };
      },
    },
    {
      write: "lift a silence",
      expected: moderators,
      attempt: async (actor) => {
        const m = await target();
        await rt.db
          .update(users)
          .set({ silencedUntil: new Date(Date.now() + 86_400_000) })
          .where(eq(users.id, m.id));
        return {
          run: () => call(membersAction, actor, "/admin/members", { intent: "lift-silence", memberId: m.id }),
          changed: async () => (await standing(m.id)).silencedUntil === null,
        };
      },
    },
    {
      write: "silence a moderator",
      expected: admins,
      attempt: async (actor) => {
        const m = await target("moderator");
        return {
          run: () => call(membersAction, actor, "/admin/members", { intent: "silence", memberId: m.id, days: "7", reason: "Rude to a member" }),
          changed: async () => {
            const s = await standing(m.id);
            // Put back as a member, so that the matrix's closing check sees only its own staff.
            await rt.db.update(users).set({ role: "member" }).where(eq(users.id, m.id));
            return s.silencedUntil !== null;
          },
        };
      },
    },
    {
      write: "give a member the moderator role",
      expected: admins,
      attempt: async (actor) => {
        const m = await target();
        return {
          run: () => call(membersAction, actor, "/admin/members", { intent: "role", memberId: m.id, role: "moderator", reason: "Joins the team" }),
          changed: async () => {
            const changed = (await standing(m.id)).role === "moderator";
            await rt.db.update(users).set({ role: "member" }).where(eq(users.id, m.id));
            return changed;
          },
        };
      },
    },
  ];
}

it("who may silence, suspend, lift and change roles", async () => {
  await checkMatrix(matrix(), rows(matrix()));
});

it("nobody silences or suspends themselves or an admin, whoever they are", async () => {
  const m = matrix();
  const tries: [Actor, string][] = [
    ["moderator", m.people.moderator.id],
    ["admin", m.people.admin.id],
    ["moderator", m.people.admin.id],
  ];
  for (const [actor, id] of tries) {
    const res = await m.call(membersAction, actor, "/admin/members", { intent: "suspend", memberId: id, reason: "Trying it out" });
    expect(res.status, `${actor} on ${id}`).toBe(403);
    expect((await m.rt.db.select().from(users).where(eq(users.id, id)))[0].suspendedAt).toBeNull();
  }
});

it("the record and the member search are for moderators and admins only; emails for admins only", async () => {
  const m = matrix();
  const read = (fn: typeof membersLoader | typeof actionsLoader, actor: Actor, path: string) =>
    callRoute(fn as never, getRequest(path), contextFor(m.rt, m.viewerOf(actor)));
  for (const path of ["/admin/members", "/admin/actions"]) {
    const fn = path === "/admin/members" ? membersLoader : actionsLoader;
    const visitor = await read(fn, "visitor", path);
    expect(visitor.status, `${path} as a visitor`).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
    for (const actor of ["member", "other member"] as const) expect((await read(fn, actor, path)).status, `${path} as ${actor}`).toBe(403);
    for (const actor of ["moderator", "admin"] as const) expect((await read(fn, actor, path)).status, `${path} as ${actor}`).toBe(200);
  }
  const email = m.people.moderator.email;
  const search = (actor: Actor) => read(membersLoader, actor, `/admin/members?q=${encodeURIComponent(email)}`);
  const asAdmin = (await search("admin")).data as { found: { email: string | null }[] };
  expect(asAdmin.found.map((f) => f.email)).toEqual([email]);
  const asModerator = (await search("moderator")).data as { found: { email: string | null }[] };
  // A moderator cannot find a member by address, nor read one.
  expect(asModerator.found).toEqual([]);
  const listed = (await read(membersLoader, "moderator", "/admin/members")).data as { found: { email: string | null }[] };
  expect(listed.found.length).toBeGreaterThan(0);
  expect(listed.found.every((f) => f.email === null)).toBe(true);
});
