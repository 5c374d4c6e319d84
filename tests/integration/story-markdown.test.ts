// Members' stories in the forum's small Markdown, over real HTTP: the text as typed is stored and
// goes back to its author's edit field unchanged; every page that shows the story (the author's
// own view, the editors' review, the article for readers and members, the blog list, the home
// page, search), the RSS feed and the JSON API show it through the one renderer, so a typed
// <script>, an <img onerror> or a javascript: link never becomes markup anywhere.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

const REL = 'rel="ugc nofollow noopener noreferrer"';
const TITLE = 'Gloves & "jar openers" <b>helped</b>';
const STORY = [
  `My **good** week, *finally*. <script>alert("story")</script>`,
  `<img src=x onerror="alert('img')">`,
  "",
  "- warm gloves",
  "- a [jar opener](javascript:alert('link'))",
  "",
  "[Arthritis Foundation](https://www.arthritis.org/) and https://example.org/pacing",
].join("\n");

/** Nothing the member typed became an element, a handler or a script address. */
function expectHarmless(body: string, where: string) {
  expect(body, where).not.toContain(`<script>alert("story")`);
  expect(body, where).not.toMatch(/<img\b[^>]*onerror/i);
  // A handler inside a tag (typed ones are text: "&lt;img ... onerror=" is harmless).
  expect(body, where).not.toMatch(/<[a-z][^<>]*\son[a-z]+\s*=\s*["']?alert/i);
  expect(body, where).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
  expect(body, where).not.toContain("<b>helped</b>");
}

/** The rendered story as the server's renderer makes it: the marks as elements, the rest as text. */
function expectRendered(html: string, where: string) {
  expect(html, where).toContain('My <strong>good</strong> week, <em>finally</em>. &lt;script&gt;alert("story")&lt;/script&gt;<br />');
  expect(html, where).toContain(`&lt;img src=x onerror="alert('img')"&gt;`);
  expect(html, where).toContain("<li>warm gloves</li>");
  // The javascript: address is no link: the renderer refuses it, and it stays the text typed.
  expect(html, where).toContain("<li>a [jar opener](javascript:alert('link'))</li>");
  expect(html, where).toContain(`<a href="https://www.arthritis.org/" ${REL}>Arthritis Foundation</a>`);
  expect(html, where).toContain(`<a href="https://example.org/pacing" ${REL}>https://example.org/pacing</a>`);
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&apos;": "'", "&amp;": "&" };
const decode = (text: string) => text.replace(/&(?:lt|gt|quot|#x27|#39|apos|amp);/g, (e) => ENTITIES[e]);
const textarea = (html: string, id: string) =>
  decode(new RegExp(`<textarea[^>]*id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? "").replace(/^\n/, "");

async function page(path: string, cookie?: string) {
  const res = await app.fetch(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, type: res.headers.get("Content-Type") ?? "", body: await res.text() };
}

describe("a member's story in Markdown", () => {
  it("is stored as typed, and shows harmlessly to its author, to editors, to readers, in the feed and in the API", async () => {
    const author = await app.member({ displayName: "Sana Writes" });
    const editor = await app.member({ role: "admin" });
    const reader = await app.member();

    // The form says what works; the story is sent for review.
    const blog = await page("/blog", author.cookie);
    expect(blog.body).toContain("You can use **bold**, *italic*, lists (start lines with - or 1.) and links. Web addresses become links.");
    expect((await app.postForm("/blog", author.cookie, { title: TITLE, content: STORY })).status).toBe(302);
    const [row] = await app.runtime.db.select().from(blogPosts).where(eq(blogPosts.authorId, author.id));
    expect(row).toMatchObject({ title: TITLE, content: STORY, published: false });

    // The author's own view: the rendered preview, and the text as typed in the edit field.
    const mine = await page(`/account/stories/${row.id}`, author.cookie);
    expect(mine.status).toBe(200);
    expectHarmless(mine.body, "the author's view");
    expectRendered(mine.body, "the author's view");
    expect(mine.body).toContain("As readers will see it");
    expect(textarea(mine.body, "story-content")).toBe(STORY);
    expect(mine.body).toContain("You can use **bold**, *italic*");

    // Previewing a change renders it and keeps the typed text in the field; nothing is saved.
    const changed = `${STORY}\n\n1. soak\n2. stretch <svg onload=alert(5)>`;
    const preview = await app.postForm(`/account/stories/${row.id}`, author.cookie, { intent: "preview", title: TITLE, content: changed });
    const previewBody = await preview.text();
    expect(preview.status).toBe(200);
    expect(previewBody).toContain("Preview of your changes (not saved yet)");
    expect(previewBody).toContain("<ol>\n<li>soak</li>\n<li>stretch &lt;svg onload=alert(5)&gt;</li>\n</ol>");
    expect(previewBody).not.toMatch(/<svg\b[^>]*onload/i);
    expectHarmless(previewBody, "the author's preview");
    expect(textarea(previewBody, "story-content")).toBe(changed);
    expect((await app.runtime.db.select().from(blogPosts).where(eq(blogPosts.id, row.id)))[0].content).toBe(STORY);

    // The editors' review: the list, the story as it would be published, the text as typed.
    const list = await page("/admin/posts", editor.cookie);
    expect(list.status).toBe(200);
    expectHarmless(list.body, "the editors' list");
    const review = await page(`/admin/posts/${row.id}`, editor.cookie);
    expect(review.status).toBe(200);
    expectHarmless(review.body, "the editors' review");
    expectRendered(review.body, "the editors' review");
    expect(review.body).toContain("As it would be published");
    expect(textarea(review.body, "post-content")).toBe(STORY);
    const editorPreview = await app.postForm(`/admin/posts/${row.id}`, editor.cookie, {
      intent: "preview",
      title: TITLE,
      slug: row.slug,
      excerpt: "",
      content: STORY,
    });
    const editorPreviewBody = await editorPreview.text();
    expect(editorPreview.status).toBe(200);
    expectHarmless(editorPreviewBody, "the editors' preview");
    expectRendered(editorPreviewBody, "the editors' preview");

    expect((await app.postForm(`/admin/posts/${row.id}`, editor.cookie, { intent: "publish" })).status).toBe(302);

    // The article, for a reader (twice: the second from the stored page) and for a member.
    for (const [who, cookie] of [
      ["a reader", undefined],
      ["a reader again", undefined],
      ["a member", reader.cookie],
      ["the author", author.cookie],
    ] as const) {
      const article = await page(`/article/${row.slug}`, cookie);
      expect(article.status, who).toBe(200);
      expectHarmless(article.body, `the article for ${who}`);
      expectRendered(article.body, `the article for ${who}`);
      // The description is the story's words, without marks, escaped where it stands.
      expect(article.body, who).toContain('<meta name="description" content="My good week, finally. &lt;script&gt;alert(&quot;story&quot;)&lt;/script&gt;');
    }
    // Once published it is the editors': the author's page for it is gone.
    expect((await page(`/account/stories/${row.id}`, author.cookie)).status).toBe(404);

    // The lists: a card shows the story's words without marks, as text.
    for (const [where, path] of [
      ["the blog", "/blog"],
      ["the home page", "/"],
      ["search", "/search?q=gloves"],
    ] as const) {
      const list = await page(path, reader.cookie);
      expect(list.status, where).toBe(200);
      expectHarmless(list.body, where);
      expect(list.body, where).not.toContain("**good**");
    }
    expect((await page("/blog")).body).toContain("My good week, finally. &lt;script&gt;alert(&quot;story&quot;)&lt;/script&gt;");

    // The feed: the description is HTML to feed readers, so the typed tags arrive escaped for HTML.
    const rss = await page("/rss.xml");
    expect(rss.type).toMatch(/xml/);
    expectHarmless(rss.body, "the feed");
    const item = rss.body.slice(rss.body.indexOf(`/article/${row.slug}</link>`) - 200);
    const description = decode(/<description>([^<]*)<\/description>/.exec(item)![1]);
    expect(description).toMatch(
      /^My good week, finally\. &lt;script&gt;alert\(&quot;story&quot;\)&lt;\/script&gt; &lt;img src=x onerror=&quot;alert\(&#39;img&#39;\)&quot;&gt; warm gloves a \[jar opener\]\(javascript:alert\(&#39;link&#39;\)\)/,
    );
    expect(description).not.toContain("<");
    expect(rss.body).toContain('<title>Gloves &#x26; "jar openers" &#x3C;b&#x3E;helped&#x3C;/b&#x3E;</title>');

    // The API: JSON, the text as typed, and the same safe rendering beside it.
    const api = await page(`/api/v1/posts/${row.slug}`);
    expect(api.status).toBe(200);
    expect(api.type).toMatch(/^application\/json/);
    const post = JSON.parse(api.body) as { title: string; content: string; contentHtml: string };
    expect(post.title).toBe(TITLE);
    expect(post.content).toBe(STORY);
    expectHarmless(post.contentHtml, "the API's contentHtml");
    expectRendered(post.contentHtml, "the API's contentHtml");
    for (const path of ["/api/v1/posts", "/api/v1/home"]) {
      const body = JSON.parse((await page(path)).body) as { posts: { slug: string; preview: string }[] };
      expect(body.posts.find((p) => p.slug === row.slug)?.preview, path).toMatch(/^My good week, finally\. <script>alert\("story"\)<\/script>/);
    }
  });

  it("keeps an editor's post written before Markdown as it was: paragraphs and line breaks", async () => {
    const editor = await app.member({ role: "admin" });
    const text = "Roses are red,\nmy knuckles too.\n\n\nThat was my first flare.";
    const res = await app.postForm("/admin/posts", editor.cookie, {
      intent: "save-publish",
      title: "A short poem",
      slug: "a-short-poem",
      excerpt: "",
      content: text,
    });
    expect(res.status).toBe(302);
    const article = await page("/article/a-short-poem");
    expect(article.body).toContain("<p>Roses are red,<br />\nmy knuckles too.</p>\n<p>That was my first flare.</p>");
  });
});
