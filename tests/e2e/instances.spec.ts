// Three instances of the production build on one PostgreSQL database behind Debian's nginx: every
// kind of write (a topic renamed too) is seen by readers and members on every instance within a
// second, and sign-out, revocation, a password change and a role change take effect everywhere
// within a second, with a write through another instance refused. Each instance's caches are
// warmed before each write, so what is checked is that the caches follow the write, not that they
// were empty.
import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { startCluster, type Answer, type Cluster } from "./cluster";

const PORTS = [3301, 3302, 3303];
const PROXY_PORT = 3300;
const DEADLINE_MS = 1000;

let cluster: Cluster;
const request: Cluster["request"] = (...args) => cluster.request(...args);
const signUp = (email: string, password: string) => cluster.signUp(email, password);
const signIn = (email: string, password: string) => cluster.signIn(email, password);
const setRole = (email: string, role: string) => cluster.setRole(email, role);

/** A write through the load balancer; it must succeed. */
async function write(urlPath: string, cookie: string, form: Record<string, string>) {
  const res = await request(PROXY_PORT, "POST", urlPath, { cookie, form });
  expect(res.status, `${urlPath} ${form.intent ?? ""}: ${res.body.slice(0, 300)}`).toBeLessThan(400);
  return res;
}

/** Reads a page on every instance, twice, so that each has it stored (readers) and its data read (members). */
async function warm(urlPath: string, cookies: (string | undefined)[]) {
  for (const port of PORTS) for (const cookie of cookies) for (let i = 0; i < 2; i++) await request(port, "GET", urlPath, { cookie });
}

/** Pages a write did not touch are still answered from every instance's readers' store. */
async function stillStored(paths: string[], after: string) {
  for (const port of PORTS) for (const path of paths) expect((await request(port, "GET", path)).cache, `${path} on :${port} after ${after}`).toBe("HIT");
}

/** Every instance shows what `seen` expects within the deadline, counted from `since`. */
async function everywhere(urlPath: string, cookie: string | undefined, seen: (res: Answer) => boolean, since: number) {
  for (const port of PORTS) {
    for (;;) {
      const res = await request(port, "GET", urlPath, { cookie });
      if (seen(res)) break;
      const waited = Date.now() - since;
      expect(waited, `instance :${port} still shows the old ${urlPath} (${res.status}) after ${waited} ms`).toBeLessThan(DEADLINE_MS);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

const signedInAs = (email: string) => (res: Answer) => res.body.includes(`Account menu for ${email}`);
const signedOut = (email: string) => (res: Answer) => res.status === 200 && !res.body.includes(email);
const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;
let db: Cluster["db"];
const idOf = async (sql: string, value: string) => Number((await db.query(sql, [value])).rows[0].id);

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ name: "capsiva_multi", ports: PORTS, proxyPort: PROXY_PORT });
  db = cluster.db;
});

test.afterAll(async () => {
  await cluster?.stop();
});

const password = "multi-instance-password-1";
let adminEmail: string;
let admin: string;
let asker: string;
let answerer: string;
let answererEmail: string;

test("content writes reach readers and members on every instance within a second", async () => {
  adminEmail = `admin-${crypto.randomBytes(4).toString("hex")}@example.com`;
  admin = await signUp(adminEmail, password);
  setRole(adminEmail, "admin");
  asker = await signUp(`asker-${crypto.randomBytes(4).toString("hex")}@example.com`, password);
  answererEmail = `answerer-${crypto.randomBytes(4).toString("hex")}@example.com`;
  answerer = await signUp(answererEmail, password);
  const viewers = [undefined, answerer];

  // Ask.
  const title = unique("Morning stiffness and warm water");
  const guides = ["/blog/capsaicin-arthritis-guide", "/about"];
  for (const path of guides) await warm(path, [undefined]);
  await warm("/forum", viewers);
  let since = Date.now();
  await write("/forum", asker, { title, content: "Does a warm shower help anyone else in the morning?", submissionKey: crypto.randomUUID() });
  for (const cookie of viewers) await everywhere("/forum", cookie, (r) => r.body.includes(title), since);
  await stillStored(guides, "a question");
  const questionId = await idOf("select id from forum_questions where title = $1", title);
  const page = `/forum/${questionId}`;

  // Answer.
  const answerText = unique("A warm shower loosens my fingers");
  await warm(page, viewers);
  since = Date.now();
  await write(page, answerer, { intent: "answer", content: answerText, submissionKey: crypto.randomUUID() });
  for (const cookie of viewers) await everywhere(page, cookie, (r) => r.body.includes(answerText), since);
  const answerId = await idOf("select id from forum_answers where content = $1", answerText);

  // Edit.
  const edited = unique("Morning stiffness, warm water and gloves");
  await warm(page, viewers);
  since = Date.now();
  await write(page, asker, { intent: "edit-question", title: edited, content: "Edited: does warm water help?" });
  for (const cookie of viewers) await everywhere(page, cookie, (r) => r.body.includes(edited), since);

  // Hide an answer, then the question. The answer's author still sees it, marked as hidden from others.
  await warm(page, viewers);
  since = Date.now();
  await write("/admin/reports", admin, { intent: "hide", targetType: "answer", targetId: String(answerId) });
  await everywhere(page, undefined, (r) => r.status === 200 && !r.body.includes(answerText), since);
  await everywhere(page, answerer, (r) => r.status === 200 && r.body.includes("data-hidden-from-others"), since);
  await warm("/forum", viewers);
  since = Date.now();
  await write("/admin/reports", admin, { intent: "hide", targetType: "question", targetId: String(questionId) });
  for (const cookie of viewers) {
    await everywhere("/forum", cookie, (r) => r.status === 200 && !r.body.includes(edited), since);
    await everywhere(page, cookie, (r) => r.status === 404, since);
  }

  // Delete an answer.
  const second = unique("Gloves at night");
  await write("/forum", answerer, { title: second, content: "Do gloves at night help your hands?", submissionKey: crypto.randomUUID() });
  const secondPage = `/forum/${await idOf("select id from forum_questions where title = $1", second)}`;
  const doomed = unique("Compression gloves help me");
  await write(secondPage, asker, { intent: "answer", content: doomed, submissionKey: crypto.randomUUID() });
  const doomedId = await idOf("select id from forum_answers where content = $1", doomed);
  await warm(secondPage, viewers);
  since = Date.now();
  await write(secondPage, asker, { intent: "delete-answer", answerId: String(doomedId) });
  for (const cookie of viewers) await everywhere(secondPage, cookie, (r) => r.status === 200 && !r.body.includes(doomed), since);

  // Publish and unpublish a post.
  const postTitle = unique("Pacing the garden");
  await write("/admin/posts", admin, { intent: "save", title: postTitle, slug: "", excerpt: "", content: "A draft about pacing." });
  const postId = await idOf("select id from blog_posts where title = $1", postTitle);
  await warm("/blog", viewers);
  since = Date.now();
  await write(`/admin/posts/${postId}`, admin, { intent: "publish" });
  for (const cookie of viewers) await everywhere("/blog", cookie, (r) => r.body.includes(postTitle), since);
  await stillStored(["/blog/capsaicin-arthritis-guide"], "publishing a post");
  since = Date.now();
  await write(`/admin/posts/${postId}`, admin, { intent: "unpublish" });
  for (const cookie of viewers) await everywhere("/blog", cookie, (r) => r.status === 200 && !r.body.includes(postTitle), since);

  // A display name shows on the answerer's question in the list.
  const name = unique("Willow");
  await warm("/forum", viewers);
  since = Date.now();
  await write("/account", answerer, { intent: "display-name", displayName: name });
  for (const cookie of [undefined, asker]) await everywhere("/forum", cookie, (r) => r.body.includes(name), since);

  // A places change: a city switched off takes its pages with it.
  const cityId = await idOf("select id from cities where slug = $1", "new-york");
  const cityPage = "/new-york/arthritis-pain-relief";
  await warm(cityPage, viewers);
  expect((await request(PORTS[2], "GET", cityPage)).status).toBe(200);
  since = Date.now();
  await write("/admin/places?tab=cities", admin, { intent: "toggle-city", id: String(cityId), active: "false" });
  for (const cookie of viewers) await everywhere(cityPage, cookie, (r) => r.status === 404, since);
  await stillStored(guides, "a city switched off");

  // A topic renamed: its own page and the list of topics say so.
  const topic = (await db.query("select id, slug from forum_topics order by position, id limit 1")).rows[0] as { id: number; slug: string };
  const topicName = unique("Hands and wrists");
  const topicPage = `/forum/topics/${topic.slug}`;
  await warm(topicPage, viewers);
  await warm("/forum/topics", viewers);
  since = Date.now();
  await write("/admin/topics", admin, {
    intent: "update",
    id: String(topic.id),
    name: topicName,
    slug: topic.slug,
    description: "Renamed while three instances serve it.",
  });
  for (const cookie of viewers) {
    await everywhere(topicPage, cookie, (r) => r.body.includes(topicName), since);
    await everywhere("/forum/topics", cookie, (r) => r.body.includes(topicName), since);
  }

  // Account deletion: the posts stay as 'Anonymous', the name is gone everywhere.
  await warm("/forum", [undefined, asker]);
  since = Date.now();
  await write("/account", answerer, { intent: "delete-account", content: "keep", password });
  for (const cookie of [undefined, asker]) await everywhere("/forum", cookie, (r) => r.status === 200 && !r.body.includes(name), since);
  await everywhere("/forum", answerer, signedOut(answererEmail), since);
});

test("a write leaves the pages it did not touch stored on every instance", async () => {
  const place = (
    await db.query("select c.slug as city, s.slug as service from cities c, services s where c.is_active and s.is_active and c.slug <> 'new-york' limit 1")
  ).rows[0] as { city: string; service: string };
  const untouched = ["/blog/capsaicin-arthritis-guide", "/about", "/blog", `/${place.city}/${place.service}`];
  const question = unique("Untouched pages question");
  await write("/forum", asker, { title: question, content: "Which pages does an answer change?", submissionKey: crypto.randomUUID() });
  const page = `/forum/${await idOf("select id from forum_questions where title = $1", question)}`;
  for (const path of [...untouched, page]) await warm(path, [undefined]);
  const since = Date.now();
  const text = unique("Only this question's pages change");
  await write(page, admin, { intent: "answer", content: text, submissionKey: crypto.randomUUID() });
  await everywhere(page, undefined, (r) => r.body.includes(text), since);
  for (const port of PORTS) {
    for (const path of untouched) expect((await request(port, "GET", path)).cache, `${path} on :${port} after an answer`).toBe("HIT");
  }
});

test("sign-out, revocation, a password change and a role change hold on every instance within a second", async () => {
  const email = `sessions-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const first = await signUp(email, password);
  const second = await signIn(email, password);
  const question = unique("Sessions question");
  await write("/forum", first, { title: question, content: "Somewhere to answer.", submissionKey: crypto.randomUUID() });
  const target = `/forum/${await idOf("select id from forum_questions where title = $1", question)}`;
  const refused = async (cookie: string, port: number) => {
    const res = await request(port, "POST", target, {
      cookie,
      form: { intent: "answer", content: unique("should not be stored"), submissionKey: crypto.randomUUID() },
    });
    expect(res.status, `a write with an ended session through :${port}`).toBe(401);
  };

  // Revoke the other session.
  await warm("/forum", [second]);
  await everywhere("/forum", second, signedInAs(email), Date.now());
  let since = Date.now();
  await write("/account", first, { intent: "revoke-others" });
  await everywhere("/forum", second, signedOut(email), since);
  await refused(second, PORTS[1]);

  // Sign out.
  await warm("/forum", [first]);
  since = Date.now();
  await write("/auth/sign-out", first, {});
  await everywhere("/forum", first, signedOut(email), since);
  await refused(first, PORTS[2]);

  // A password change signs the other sessions out.
  const a = await signIn(email, password);
  const b = await signIn(email, password);
  await warm("/forum", [b]);
  since = Date.now();
  await write("/account", a, { intent: "change-password", currentPassword: password, newPassword: "a-new-multi-password-2" });
  await everywhere("/forum", b, signedOut(email), since);
  await refused(b, PORTS[0]);

  // A role taken away from the command line.
  await warm("/admin", [admin]);
  await everywhere("/admin", admin, (r) => r.status === 200, Date.now());
  setRole(adminEmail, "member");
  since = Date.now();
  await everywhere("/admin", admin, (r) => r.status === 403, since);
  const hide = await request(PORTS[1], "POST", "/admin/reports", { cookie: admin, form: { intent: "hide", targetType: "question", targetId: "1" } });
  expect(hide.status).toBe(403);
});
