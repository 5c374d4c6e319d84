// Members' pages from templates (app/server/member-pages.server.ts, server/member-templates/), over
// real HTTP through the same fast path as server.js: a page filled in from a template is the page
// React renders for that member, with their own values and nobody else's, a nonce and submission
// key of its own, owner controls for an author, and every write on the next request.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumQuestions } from "../../db/schema";
import { createPost } from "~/server/blog.server";
import { noteDataRead } from "~/server/cache/data-age.server";
import { createMemberPages, cutTemplate, fillTemplate, TOKENS, type MemberPage } from "~/server/member-pages.server";
import type { Viewer } from "~/server/session.server";
import { memberPageKeyOf, templateEligibility } from "../../server/member-templates";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { createMember } from "../helpers/runtime";

let app: HttpApp;
let SITE: string;
/** Template keys a request was answered from, in order (the fast path's lookups that found one for a non-author). */
const served: string[] = [];

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  SITE = app.url;
  const pages = app.runtime.memberPages;
  const get = pages.get.bind(pages);
  pages.get = (key) => {
    const page = get(key);
    if (page) served.push(key);
    return page;
  };
});
afterAll(() => app.close());

async function member(options: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(app.runtime, options);
  return { ...m, cookie: await app.signIn(m.email, m.password) };
}

// What a phone's browser sends (fetch decompresses gzip, and zlib checks its CRC and length).
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

async function page(path: string, cookie: string, acceptEncoding = BROWSER_ENCODINGS) {
  const res = await app.fetch(path, { headers: { Cookie: cookie, "Accept-Encoding": acceptEncoding } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Views a page until it comes from a template; returns every answer on the way. */
async function viewUntilTemplate(path: string, cookie: string) {
  const answers = [];
  for (let i = 0; i < 4; i++) {
    const before = served.length;
    answers.push(await page(path, cookie));
    if (served.length > before) return answers;
  }
  throw new Error(`${path} never came from a template`);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** A page without what differs on every answer: nonces, submission keys, the server's clock. */
const normalise = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(UUID, "UUID")
    .replace(/\\"now\\",\d+/g, '\\"now\\",T');

async function ask(cookie: string, title: string) {
  const res = await app.fetch("/forum", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: SITE, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ title, content: `${title}: the details of my question.` }).toString(),
  });
  expect(res.status).toBe(302);
  const [row] = await app.runtime.db.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.title, title)).orderBy(desc(forumQuestions.id));
  return row.id;
}

describe("members' pages from templates", () => {
  it("a page filled in from a template is the page rendered for the member, awkward characters and all", async () => {
    const pat = await member({ email: `o'neil+pages@example.com`, displayName: `<b>"Pat" & 'Sam'</b> \u2028 \\ ✓` });
    const other = await member();
    const question = await ask(other.cookie, "Templates and hands in the morning");
    for (const path of ["/", "/forum", `/forum/${question}`, "/blog", "/community-guidelines"]) {
      // Forgetting who the cookie belongs to makes the first view an ordinary render.
      app.runtime.viewers.invalidate();
      const answers = await viewUntilTemplate(path, pat.cookie);
      const rendered = answers[0];
      const fromTemplate = answers.at(-1)!;
      expect(answers.length, path).toBeGreaterThanOrEqual(2);
      expect(fromTemplate.status).toBe(200);
      expect(fromTemplate.headers.get("cache-control")).toBe("private, no-store");
      expect(fromTemplate.headers.get("content-type")).toBe(rendered.headers.get("content-type"));
      expect(normalise(fromTemplate.text), path).toBe(normalise(rendered.text));
      expect(fromTemplate.headers.get("content-encoding")).toBe("gzip");
      expect(fromTemplate.text).toContain("Account menu for o&#x27;neil+pages@example.com");
      expect(fromTemplate.text).not.toContain(TOKENS.email.slice(0, -1));
      // Without gzip, the same page uncompressed.
      const plain = await page(path, pat.cookie, "identity");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(normalise(plain.text)).toBe(normalise(rendered.text));
    }
  });

  it("each member gets their own values and none of another's", async () => {
    const first = await member({ displayName: "First Person" });
    const second = await member({ displayName: "Second Person" });
    await viewUntilTemplate("/forum", first.cookie);
    const before = served.length;
    const theirs = await page("/forum", second.cookie);
    const again = await page("/forum", second.cookie);
    expect(served.length).toBeGreaterThan(before);
    for (const answer of [theirs, again]) {
      expect(answer.text).toContain(`Account menu for ${second.email}`);
      expect(answer.text).toContain(second.id);
      expect(answer.text).toContain("Second Person");
      expect(answer.text).not.toContain(first.email);
      expect(answer.text).not.toContain(first.id);
      expect(answer.text).not.toContain("First Person");
    }
  });

  it("every answer has a nonce of its own, named by its policy, and a new submission key", async () => {
    const m = await member();
    const question = await ask(m.cookie, "Nonces for every page");
    const viewer = await member();
    await viewUntilTemplate(`/forum/${question}`, viewer.cookie);
    const a = await page(`/forum/${question}`, viewer.cookie);
    const b = await page(`/forum/${question}`, viewer.cookie);
    const nonces = [a, b].map((answer) => {
      const inPage = new Set([...answer.text.matchAll(/nonce="([^"]+)"/g)].map((x) => x[1]));
      expect(inPage.size).toBe(1);
      const [nonce] = inPage;
      expect(answer.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    const keyOf = (html: string) => /name="submissionKey" value="([^"]+)"/.exec(html)?.[1];
    expect(keyOf(a.text)).toMatch(UUID);
    expect(keyOf(b.text)).toMatch(UUID);
    expect(keyOf(a.text)).not.toBe(keyOf(b.text));
    expect(a.text).toContain(`\\"submissionKey\\",\\"${keyOf(a.text)}\\"`);
  });

  it("an author gets their own page with owner controls; others get the template with Report", async () => {
    const author = await member();
    const reader = await member();
    const question = await ask(author.cookie, "Whose question is this");
    const readerViews = await viewUntilTemplate(`/forum/${question}`, reader.cookie);
    const readerPage = readerViews.at(-1)!.text;
    expect(readerPage).toContain(">Report</summary>");
    expect(readerPage).not.toContain(">Edit</summary>");
    // Readers are told whether a post is theirs, never its author's id.
    expect(readerPage).not.toContain(author.id);
    const before = served.length;
    for (let i = 0; i < 3; i++) {
      const own = await page(`/forum/${question}`, author.cookie);
      expect(own.text).toContain(">Edit</summary>");
      expect(own.text).toContain(">Delete</summary>");
    }
    // The author's views found the template but were rendered for them; the template is intact.
    expect(served.length).toBeGreaterThan(before);
    const readerAgain = await page(`/forum/${question}`, reader.cookie);
    expect(readerAgain.text).not.toContain(">Edit</summary>");
    expect(readerAgain.text).not.toContain(author.email);
  });

  it("a write shows on the next request of a member served from a template", async () => {
    const reader = await member();
    const writer = await member();
    await viewUntilTemplate("/forum", reader.cookie);
    await ask(writer.cookie, "A brand new question about gloves");
    const next = await page("/forum", reader.cookie);
    expect(next.text).toContain("A brand new question about gloves");
  });

  /**
   * Members whose sessions are remembered all ask for /forum at once right after a write, while
   * the page's data is slow to read (and, with `dataAgeMs`, that old): one render answers them
   * all, each with their own values and none of the others'.
   */
  async function askAtOnce(count: number, title: string, dataAgeMs?: number) {
    const members = await Promise.all(Array.from({ length: count }, () => member()));
    for (const m of members) await viewUntilTemplate("/forum", m.cookie);
    await ask(members[0].cookie, title);
    // Open connections first, so that the requests reach the server together, and make the
    // page's data slow to read, so that they arrive while the first one is rendering.
    await Promise.all(members.map(() => app.fetch("/healthz").then((r) => r.text())));
    const reads = app.runtime.reads;
    const read = reads.get.bind(reads);
    let renders = 0;
    reads.get = (async (key: string, load: () => Promise<unknown>) => {
      const value = await read(key, load);
      if (key.startsWith("forum")) {
        renders++;
        if (dataAgeMs !== undefined) noteDataRead(Date.now() - dataAgeMs);
        await new Promise((r) => setTimeout(r, 300));
      }
      return value;
    }) as typeof reads.get;
    const answers = await Promise.all(members.map((m) => page("/forum", m.cookie))).finally(() => (reads.get = read));
    expect(renders).toBe(1);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(title);
      expect(answer.text).toContain(`Account menu for ${members[i].email}`);
      for (const other of members) if (other !== members[i]) expect(answer.text).not.toContain(other.email);
    });
  }

  it("members asking at once for a page without a template each get their own page", async () => {
    await askAtOnce(8, "Everyone at once");
  });

  it("members waiting on a render whose data is already a minute old get that render's page, not one render each", async () => {
    // No write since the data was read, but a minute ago: the template cannot be kept, yet it is
    // what those waiting on its render should see.
    await askAtOnce(6, "Asked just before a minute ran out", 61_000);
  });

  it("when a member's session must be read again, their requests meanwhile wait for that one read and come from the template", async () => {
    const m = await member();
    await viewUntilTemplate("/forum", m.cookie);
    await Promise.all(Array.from({ length: 12 }, () => app.fetch("/healthz").then((r) => r.text())));
    // The viewer cache forgets everyone (its half minute is over): twelve views arrive together.
    app.runtime.viewers.invalidate();
    const before = served.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => page("/forum", m.cookie)));
    // One view read the session and rendered; the other eleven were filled in from the template.
    expect(served.length - before).toBeGreaterThanOrEqual(11);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`Account menu for ${m.email}`);
    }
  });

  it("when a member's session and unread count expire together, their waiting requests still come from the template", async () => {
    const m = await member();
    await viewUntilTemplate("/forum", m.cookie);
    await Promise.all(Array.from({ length: 12 }, () => app.fetch("/healthz").then((r) => r.text())));
    // The session's half minute is over, and the count's minute ends while the one request that
    // reads the session is rendering: the others, back from waiting on it, find no count.
    app.runtime.viewers.invalidate();
    const unread = app.runtime.unread;
    const peek = unread.peek.bind(unread);
    let gone = 11;
    unread.peek = (id) => (gone-- > 0 ? undefined : peek(id));
    const before = served.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => page("/forum", m.cookie))).finally(() => (unread.peek = peek));
    expect(served.length - before).toBeGreaterThanOrEqual(11);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`Account menu for ${m.email}`);
    }
  });

  it("roles have templates of their own: a moderator's page has the Admin link, a member's not", async () => {
    const moderator = await member({ role: "moderator" });
    const plain = await member();
    const modPage = (await viewUntilTemplate("/", moderator.cookie)).at(-1)!.text;
    const memberPage = (await viewUntilTemplate("/", plain.cookie)).at(-1)!.text;
    expect(modPage).toContain('href="/admin"');
    expect(memberPage).not.toContain('href="/admin"');
  });

  it("pages with a toast, private pages and other queries are rendered for each request", async () => {
    const m = await member();
    await viewUntilTemplate("/forum", m.cookie);
    const before = served.length;
    for (const path of ["/account", "/forum?ask=1", "/admin"]) await page(path, m.cookie);
    await page("/forum", `${m.cookie}; toast=${encodeURIComponent("x")}`);
    expect(served.length).toBe(before);
  });
});

describe("every route that opted in", () => {
  it("shows two members who differ in every personal value and cookie nothing of each other's, whoever comes first", async () => {
    const build = await app.build();
    const optedIn = Object.values(build.routes)
      .filter((route) => (route?.module.handle as { memberTemplate?: boolean } | undefined)?.memberTemplate)
      .map((route) => route!.id);
    const asker = await member();
    const question = await ask(asker.cookie, "Which gloves help at night?");
    const post = await createPost(app.runtime.db, { title: "Walking the dog again", slug: "", excerpt: "", content: "A short story.", authorId: asker.id, published: true });
    // A page for each opted-in route; a route opting in without one here fails the test.
    const samples: Record<string, string> = {
      "routes/home": "/",
      "routes/blog": "/blog",
      "routes/forum": "/forum",
      "routes/forum-question": `/forum/${question}`,
      "routes/forum-topic": "/forum/topics/hands-and-fingers?sort=active",
      "routes/forum-topics": "/forum/topics",
      "routes/search": "/search?q=gloves",
      "routes/community-guidelines": "/community-guidelines",
      "routes/article": `/article/${post.slug}`,
    };
    for (const id of optedIn) if (id.startsWith("guide-")) samples[id] = `/blog/${id.slice("guide-".length)}`;
    expect(optedIn.filter((id) => !(id in samples))).toEqual([]);
    expect(optedIn.length).toBeGreaterThanOrEqual(Object.keys(samples).length);

    const alpha = await member({ displayName: "Alpha Alder", email: `alpha-${Date.now()}@example.com` });
    const bravo = await member({ displayName: "Bravo Birch", email: `bravo-${Date.now()}@example.com` });
    const people = [
      { m: alpha, cookie: `${alpha.cookie}; sidebar:state=true; text-size=alphalarge; theme=alphadark`, agent: "AlphaBrowser/1.0" },
      { m: bravo, cookie: `${bravo.cookie}; sidebar:state=true; text-size=bravosmall; theme=bravolight`, agent: "BravoBrowser/2.0" },
    ];
    const marks = (p: (typeof people)[number]) => [p.m.email, p.m.id, p.m.displayName!, p.m.cookie.split("=").slice(1).join("="), p.cookie.match(/text-size=(\w+)/)![1], p.cookie.match(/theme=(\w+)/)![1], p.agent];
    const view = async (path: string, p: (typeof people)[number]) => {
      const res = await app.fetch(path, { headers: { Cookie: p.cookie, "User-Agent": p.agent, "Accept-Encoding": BROWSER_ENCODINGS } });
      return { status: res.status, text: await res.text() };
    };
    // Both members are known to the viewer cache before the walk (a template is made only then).
    for (const p of people) await view("/auth/forgot", p);
    for (const id of optedIn) {
      const path = samples[id];
      for (const [first, second] of [[people[0], people[1]], [people[1], people[0]]]) {
        // A new epoch: the first member's view renders the template the second is served from.
        app.runtime.freshness.bump("content");
        await view(path, first);
        await view(path, first);
        const before = served.length;
        const seen = await view(path, second);
        expect(seen.status, path).toBe(200);
        expect(served.length, `${path} came from a template`).toBeGreaterThan(before);
        expect(seen.text, path).toContain(`Account menu for ${second.m.email}`);
        for (const mark of marks(first)) expect(seen.text.includes(mark), `${path} shows ${mark} to another member`).toBe(false);
      }
    }
  });
});

describe("template keys and cutting", () => {
  const viewer = { id: "u1", email: "a@example.com", role: "member", aal: "aal1", displayName: null, emailVerified: false, twoFactorEnabled: false, sessionId: "s1" } as Viewer;
  const req = (url: string, cookie = "", method = "GET") => ({ method, url, headers: { cookie } });
  const all = () => true;

  it("keys public pages by page, sidebar and every field of the stand-in viewer, never the member's own values", () => {
    const key = memberPageKeyOf(req("/forum?page=2"), viewer, all)!;
    expect(key.startsWith("/forum?page=2 sidebar=open viewer=")).toBe(true);
    expect(key).not.toContain("a@example.com");
    expect(key).not.toContain("u1");
    expect(memberPageKeyOf(req("/forum?page=2"), { ...viewer, id: "u2", email: "b@example.com", sessionId: "s2" }, all)).toBe(key);
    for (const other of [{ role: "admin" }, { aal: "aal2" }, { displayName: "A" }, { emailVerified: true }, { twoFactorEnabled: true }] as Partial<Viewer>[]) {
      expect(memberPageKeyOf(req("/forum?page=2"), { ...viewer, ...other }, all), JSON.stringify(other)).not.toBe(key);
    }
    expect(memberPageKeyOf(req("/", "sidebar:state=false"), viewer, all)).toMatch(/^\/ sidebar=collapsed viewer=/);
    expect(memberPageKeyOf(req("/forum?ask=1"), viewer, all)).toBeNull();
    expect(memberPageKeyOf(req("/forum", "toast=abc"), viewer, all)).toBeNull();
    expect(memberPageKeyOf(req("/forum", "", "HEAD"), viewer, all)).toBeNull();
    expect(memberPageKeyOf(req("/forum"), viewer, () => false)).toBeNull();
  });

  it("an expired template goes on serving the others while one request renders it again, and never past a write", async () => {
    let version = 1;
    const pages = createMemberPages({ version: () => version }, { enabled: true, ttlMs: 40 });
    const template = { parts: [Buffer.from("page")], slots: [], headers: [] as [string, string][], authors: new Set<string>() };
    const first = pages.store("/forum", template, version)!;
    expect(pages.get("/forum")).toBe(first);
    await new Promise((r) => setTimeout(r, 60));
    // The first to ask after the minute renders it again; the others still get the old one.
    expect(pages.get("/forum")).toBeUndefined();
    expect(pages.get("/forum")).toBe(first);
    expect(pages.get("/forum")).toBe(first);
    const second = pages.store("/forum", template, version)!;
    expect(pages.get("/forum")).toBe(second);
    await new Promise((r) => setTimeout(r, 60));
    expect(pages.get("/forum")).toBeUndefined();
    // A write while it is being rendered again: nobody gets the old one any more.
    version++;
    expect(pages.get("/forum")).toBeUndefined();
    expect(pages.get("/forum")).toBeUndefined();
  });

  it("lets only routes that opted in through their handle be templates", async () => {
    const eligible = templateEligibility((await app.build()).routes);
    for (const path of ["/", "/forum", "/forum/12", "/forum/topics", "/forum/topics/diet", "/blog", "/blog/capsaicin-arthritis-guide", "/article/any-story", "/search", "/community-guidelines"]) {
      expect(eligible(path), path).toBe(true);
    }
    for (const path of ["/account", "/account/security", "/admin", "/admin/reports", "/auth", "/auth/reset", "/new-york/arthritis-pain-relief", "/forum/1/extra", "/no-such-page"]) {
      expect(eligible(path), path).toBe(false);
    }
  });

  it("refuses to keep a page whose values stand where no encoding is known", () => {
    const html = `<p>${TOKENS.email}</p><script>var x = ${TOKENS.email};</script>`;
    const cut = cutTemplate(html);
    expect(cut.safe).toBe(false);
    const ok = cutTemplate(`<p title="${TOKENS.email}">${TOKENS.email}</p><script>enqueue("[\\"${TOKENS.email}\\"]")</script>`);
    expect(ok.safe).toBe(true);
    const filled = fillTemplate(ok as Pick<MemberPage, "parts" | "slots">, { id: "i", email: `a"<&'>@x`, displayName: null, nonce: "n", submissionKey: "k", unread: "0" }).toString();
    expect(filled).toBe(`<p title="a&quot;&lt;&amp;&#x27;&gt;@x">a&quot;&lt;&amp;&#x27;&gt;@x</p><script>enqueue("[\\"a\\\\\\"\\u003c\\u0026'\\u003e@x\\"]")</script>`);
  });
});
