// Blog posts: the published list, single articles, the home page's latest posts, members'
// stories waiting for review, and the editors' publishing tools. Only `published = true` posts
// ever reach a reader.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { PROFILE_LINK } from "~/server/members/members.server";
import { rendered, storedHtmlOf } from "~/server/infra/stored-html.server";
import { blogPosts, profiles, users } from "../../../db/schema";
import { slugify } from "~/server/infra/slug.server";
import { shownName } from "~/server/members/members.server";
import { deleteDraftIn } from "~/server/drafts/drafts.server";
import { recordStory } from "./story-decisions.server";

export const BLOG_PAGE_SIZE = 20;
/** A story whose author has no display name (or has left) is by "A member": a person, not a placeholder. */
export const COMMUNITY_AUTHOR = "A member";

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  authorId: string | null;
  authorName: string | null;
  /** The author's public profile handle while it is public (profiles.server.ts), else null. */
  authorProfile: string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  publishedAt: blogPosts.publishedAt,
  authorId: blogPosts.authorId,
  displayName: profiles.displayName,
  profileHandle: PROFILE_LINK,
};

function toSummary(r: {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  authorId: string | null;
  displayName: string | null;
  profileHandle: string | null;
}): PostSummary {
  const authorName = shownName(r.displayName);
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    content: r.content,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    publishedAt: iso(r.publishedAt),
    authorId: r.authorId,
    authorName,
    authorProfile: authorName ? (r.profileHandle ?? null) : null,
  };
}

/** Published posts, newest first. */
export async function latestPosts(db: Db, limit: number) {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map(toSummary);
}

export async function countPublished(db: Db) {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.published, true));
  return row.n;
}

export async function listPublished(db: Db, options: { page?: number; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? BLOG_PAGE_SIZE;
  const total = await countPublished(db);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { posts: rows.map(toSummary), total, page, pageCount };
}

/** One published post by slug, or null (unpublished posts are not found). */
export async function getPublishedPost(db: Db, slug: string) {
  const [row] = await db
    .select({ ...summaryColumns, contentHtml: blogPosts.contentHtml, htmlVersion: blogPosts.htmlVersion })
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
  // The HTML stored when the text was saved (stored-html.server.ts).
  return row ? { ...toSummary(row), contentHtml: storedHtmlOf(row) } : null;
}

// ---------------------------------------------------------------- editors

/** One post for its editor, with who wrote it (their name, and public profile handle if any). */
export async function getPostById(db: Db, id: number) {
  const [row] = await db
    .select({ post: blogPosts, authorName: profiles.displayName, authorProfile: PROFILE_LINK })
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(eq(blogPosts.id, id));
  if (!row) return null;
  const authorName = shownName(row.authorName);
  return {
    ...row.post,
    contentHtml: storedHtmlOf(row.post),
    authorName,
    authorProfile: authorName ? (row.authorProfile ?? null) : null,
  };
}

export class SlugTakenError extends Error {}

/** A free slug for `title` (or the one asked for), e.g. "my-story", "my-story-2". */
async function freeSlug(db: Db, wanted: string, exceptId?: number) {
  const base = wanted || "post";
  const rows = await db
    .select({ slug: blogPosts.slug, id: blogPosts.id })
    .from(blogPosts)
    .where(sql`${blogPosts.slug} = ${base} or ${blogPosts.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export interface PostInput {
  title: string;
  slug?: string;
  excerpt?: string;
  content: string;
}

/** Creates a post. An explicit slug must be free; without one it is made from the title. */
export async function createPost(
  { db, changes }: Writer,
  input: PostInput & { authorId: string; published: boolean; /** A member's shared story: their story draft ends with it. */ endsStoryDraft?: boolean },
) {
  let slug: string;
  if (input.slug) {
    const [existing] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, input.slug));
    if (existing) throw new SlugTakenError(input.slug);
    slug = input.slug;
  } else {
    slug = await freeSlug(db, slugify(input.title));
  }
  const now = new Date();
  return changes.write(async (tx, changed) => {
    if (input.endsStoryDraft) await deleteDraftIn(tx, changed, input.authorId, { kind: "story", targetId: 0 });
    const [row] = await tx
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        excerpt: input.excerpt || null,
        content: input.content,
        ...rendered(input.content),
        authorId: input.authorId,
        published: input.published,
        publishedAt: input.published ? now : null,
      })
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    // A draft or a story waiting for review is nobody's news yet, but editors' count of what waits.
    changed(...(input.published ? [tag.blog, tag.post(row.id)] : [tag.review]));
    return row;
  });
}

/** What a change to a post shows on: the lists and its page, once it is out. */
const postTags = (post: { id: number; published: boolean } | undefined) => (post?.published ? [tag.blog, tag.post(post.id)] : []);

export async function updatePost({ db, changes }: Writer, id: number, input: PostInput) {
  const slug = input.slug || (await freeSlug(db, slugify(input.title), id));
  const [clash] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), sql`${blogPosts.id} <> ${id}`));
  if (clash) throw new SlugTakenError(slug);
  return changes.write(async (tx, changed) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ title: input.title, slug, excerpt: input.excerpt || null, content: input.content, ...rendered(input.content), updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, slug: blogPosts.slug, published: blogPosts.published });
    changed(...postTags(row));
    return row ? { id: row.id, slug: row.slug } : null;
  });
}

/**
 * Puts a post out or takes it back. With `editorId` (an editor's choice on /admin/posts), a post
 * that changed state adds its line to the moderators' record in the same transaction.
 */
export async function setPublished({ changes }: Pick<Writer, "changes">, id: number, published: boolean, editorId?: string) {
  return changes.write(async (tx, changed) => {
    const [before] = await tx.select({ published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    const [row] = await tx
      .update(blogPosts)
      // Unpublishing keeps the first publication's date: the author's page then says "Unpublished".
      .set({ published, publishedAt: published ? sql`coalesce(${blogPosts.publishedAt}, now())` : sql`${blogPosts.publishedAt}`, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, authorId: blogPosts.authorId });
    // Out or taken back, the lists and its page change.
    if (row) changed(tag.blog, tag.post(row.id), tag.review);
    if (row && editorId && before?.published !== published) await recordStory(tx, editorId, published ? "publish-story" : "unpublish-story", id, row);
    return row ? { id: row.id, slug: row.slug } : null;
  });
}

export async function deletePost({ changes }: Pick<Writer, "changes">, id: number) {
  return changes.write(async (tx, changed) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, published: blogPosts.published });
    changed(...postTags(row));
    return Boolean(row);
  });
}

/** Editors' list: everything, stories waiting for review first. */
export async function listForEditors(db: Db) {
  const rows = await db
    .select({ ...summaryColumns, published: blogPosts.published, returned: sql<boolean>`${blogPosts.returnedNote} is not null` })
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .orderBy(blogPosts.published, desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(500);
  return rows.map((r) => ({ ...toSummary(r), published: r.published, returned: r.returned }));
}

/** Members' stories waiting for review: unpublished, not an editor's own draft, not returned to the author. */
export async function countStoriesToReview(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.published, false), isNull(blogPosts.returnedNote), sql`${users.role} is distinct from 'admin'`));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- a member's story under review

/**
 * The member's own story while it waits for review (or was returned to them with a note); null
 * when it is not theirs or is published.
 */
export async function getPendingStory(db: Db, authorId: string, id: number) {
  const [row] = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      content: blogPosts.content,
      contentHtml: blogPosts.contentHtml,
      htmlVersion: blogPosts.htmlVersion,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
      returnedNote: blogPosts.returnedNote,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.authorId, authorId), eq(blogPosts.published, false)));
  return row ? { ...row, contentHtml: storedHtmlOf(row) } : null;
}

/**
 * Saves the member's changes to their story under review, which resubmits a returned one (its
 * note goes). Rendering Markdown is the costly part, so it comes last: first `budget` takes one
 * of the member's renders (the allowance previews use, rate-limit.server.ts; it throws when none
 * is left), then the story must still be theirs and unpublished. The update checks that again,
 * so an editor publishing it meanwhile wins: null then, as for a story that is not theirs.
 */
export async function updatePendingStory(
  { db, changes }: Writer,
  authorId: string,
  id: number,
  input: { title: string; content: string },
  budget: () => Promise<void>,
) {
  await budget();
  const mine = and(eq(blogPosts.id, id), eq(blogPosts.authorId, authorId), eq(blogPosts.published, false));
  const [pending] = await db.select({ id: blogPosts.id }).from(blogPosts).where(mine);
  if (!pending) return null;
  const slug = await freeSlug(db, slugify(input.title), id);
  const html = rendered(input.content);
  // The new version and the end of its draft commit together; back in the editors' queue.
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .update(blogPosts)
      .set({ title: input.title, slug, content: input.content, ...html, returnedNote: null, returnedAt: null, updatedAt: new Date() })
      .where(mine)
      .returning({ id: blogPosts.id });
    if (!rows[0]) return null;
    await deleteDraftIn(tx, changed, authorId, { kind: "story-version", targetId: id });
    changed(tag.review);
    return rows[0];
  });
}

/** Withdraws (deletes) the member's story under review; false when it is not theirs or was published. */
export async function withdrawPendingStory(db: Db, authorId: string, id: number) {
  const rows = await db
    .delete(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.authorId, authorId), eq(blogPosts.published, false)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}
