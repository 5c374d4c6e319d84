// Who may do what with posts, places and roles: every such write, tried as a visitor, the member
// who wrote the content, another member, a moderator and an admin (the cells and the table are
// explained in tests/helpers/authorization-matrix.ts). The forum's writes:
// authorization-matrix-forum.test.ts.
import { and, eq } from "drizzle-orm";
import { it } from "vitest";
import { blogPosts, cities, cityServicePages, memberMutes, profiles, services, users } from "../../db/schema";
import { action as accountAction } from "~/routes/account/account";
import { action as adminPlacesAction } from "~/routes/admin/admin-places";
import { action as adminPostEditAction } from "~/routes/admin/admin-post-edit";
import { action as adminPostsAction } from "~/routes/admin/admin-posts";
import { action as authAction } from "~/routes/auth/auth";
import { action as blogAction } from "~/routes/blog/blog";
import { action as mutedAction } from "~/routes/account/account-muted";
import { createMember } from "../helpers/runtime";
import { admins, checkMatrix, matrixPerFile, nobody, signedIn, type Actor, type Matrix, type Row } from "../helpers/authorization-matrix";

const matrix = matrixPerFile();
/** Makes the slugs and addresses this file invents unique. */
let n = 0;

function rows({ rt, call, unique, ownerFor, viewerOf, newPost, newCity, roleOf, sessionCookie, people, author }: Matrix): Row[] {
  return [
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
          run: () =>
            call(adminPostEditAction, actor, `/admin/posts/${p.id}`, { intent: "save", title: "Rewritten", content: "New body" }, { postId: String(p.id) }),
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
          changed: async () =>
            (
              await rt.db
                .select()
                .from(blogPosts)
                .where(and(eq(blogPosts.title, title), eq(blogPosts.published, false)))
            ).length === 1,
        };
      },
    },
    {
      write: "places: create a city",
      expected: admins,
      attempt: async (actor) => {
        const slug = `matrix-${++n}-${Date.now().toString(36)}`;
        return {
          run: () =>
            call(adminPlacesAction, actor, "/admin/places?tab=cities", { intent: "save-city", slug, name: "Created City", state: "CA", is_active: "true" }),
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
      write: "mute a member (their profile's Mute)",
      expected: signedIn,
      attempt: async (actor) => {
        const target = await createMember(rt, { displayName: "Muted Max" });
        // A profile handle as the site makes them: ten letters and digits with no look-alikes.
        const handle = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => "abcdefghjkmnpqrstuvwxyz23456789"[b % 31]).join("");
        await rt.db.update(profiles).set({ publicProfile: true, profileHandle: handle }).where(eq(profiles.id, target.id));
        const owner = ownerFor(actor);
        return {
          run: () => call(mutedAction, actor, "/account/muted", { intent: "mute", handle }),
          changed: async () =>
            (
              await rt.db
                .select()
                .from(memberMutes)
                .where(and(eq(memberMutes.memberId, owner), eq(memberMutes.mutedId, target.id)))
            ).length === 1,
        };
      },
    },
    {
      write: "unmute on another member's muted list",
      expected: nobody,
      attempt: async (actor) => {
        // The author's own list: only they may change it (and only they ever see it).
        const target = await createMember(rt);
        const [mute] = await rt.db.insert(memberMutes).values({ memberId: author.id, mutedId: target.id }).returning();
        return {
          run: () => call(mutedAction, actor, "/account/muted", { intent: "unmute", muteId: String(mute.id) }),
          changed: async () => (await rt.db.select().from(memberMutes).where(eq(memberMutes.id, mute.id))).length === 0,
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
          run: () => call(authAction, actor, "/auth", { intent: "signup", ageConfirmed: "yes", email, password: "a-long-password", role: "admin" }),
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
                body: JSON.stringify({ email, password: "a-long-password", name: "", role: "admin", ageConfirmed: true }),
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
}

it(
  "every post, place and role write is allowed exactly for the roles that may do it, and refused (with nothing changed) for everyone else",
  () => checkMatrix(matrix(), rows(matrix())),
  120_000,
);
