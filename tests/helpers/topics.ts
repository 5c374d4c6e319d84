// What the topics tests share: one app over real HTTP with four members (an asker, another
// member, a moderator, an admin), started by startTopicsApp() in each file, and ways to read
// its lists and ask in a topic. The members are live bindings, set once the app has started.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { forumQuestions, forumTopics } from "../../db/schema";
import { startHttpApp, type HttpApp } from "./http-app";

export type Member = Awaited<ReturnType<HttpApp["member"]>>;
export let app: HttpApp;
export let asker: Member;
export let other: Member;
export let moderator: Member;
export let admin: Member;

export function startTopicsApp() {
  beforeAll(async () => {
    app = await startHttpApp({ RATE_LIMITS: "false" });
    asker = await app.member({ displayName: "Ada Asks" });
    other = await app.member({ displayName: "Otto Other" });
    moderator = await app.member({ displayName: "Mo Moderates", role: "moderator" });
    admin = await app.member({ displayName: "Al Admin", role: "admin" });
  });
  afterAll(() => app.close());
}

export const STARTING_TOPICS = [
  "Hands and fingers",
  "Morning stiffness",
  "Medication and treatment",
  "Capsaicin and topical relief",
  "Diet",
  "Exercise and movement",
  "Work and daily life",
  "Feelings and support",
  "Diagnosis",
];
export const UNKNOWN_TOPIC = "That topic does not exist. Choose one from the list, or No topic.";

export const tag = () => crypto.randomBytes(4).toString("hex");

export async function page(path: string, cookie?: string) {
  const res = await app.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, html: await res.text(), cache: res.headers.get("x-cache") };
}

/** The titles of a list's rows, in the order the page shows them. */
export function rowTitles(html: string) {
  return html
    .split('data-question-row=""')
    .slice(1)
    .map((row) => /<h2[^>]*><a[^>]*>([^<]*)<\/a><\/h2>/.exec(row)?.[1] ?? "?");
}

/** The row of one question in a list. */
export function rowOf(html: string, title: string) {
  return html.split('data-question-row=""').find((row) => row.includes(`>${title}</a></h2>`)) ?? "";
}

export async function topicId(slug: string) {
  const [row] = await app.runtime.db.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.slug, slug));
  return row.id;
}

export async function questionByTitle(title: string) {
  return app.runtime.db.select().from(forumQuestions).where(eq(forumQuestions.title, title));
}

/** Asks through the forum's form (the page without JavaScript); returns the response. */
export const askWith = (cookie: string, title: string, fields: Record<string, string> = {}) =>
  app.postForm("/forum", cookie, { title, content: `${title}: what has helped you?`, ...fields });

export async function askIn(cookie: string, title: string, slug: string | null) {
  const res = await askWith(cookie, title, slug ? { topic: String(await topicId(slug)) } : {});
  expect(res.status).toBe(302);
  const [row] = await questionByTitle(title);
  return row.id;
}

export async function tokenFor(m: Member) {
  const res = await app.fetch("/api/auth/token", { headers: { Cookie: m.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
