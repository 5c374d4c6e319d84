// An editor's decision on a member's story, and telling its author: published, returned with a
// note to change it, or not published (deleted). Each decision and its notice are one
// transaction; the notice's mail follows the member's choice through the notification outbox.
// The note is only ever on the story itself, never in a notice, a mail or a log. Each decision
// that changes a post also adds its line to the moderators' record, in the same transaction, with
// the title (a declined story is gone, so the line names what it was).
import crypto from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { StoryKind } from "~/lib/story-notices";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { recordAction } from "~/server/members/members.server";
import { scheduleMailsForNotification } from "~/server/notifications/notifications.server";
import { blogPosts, notifications } from "../../../db/schema";

/** Tells the author; returns what changed (their inbox, the mail outbox). */
async function tellAuthor(tx: Tx, input: { memberId: string; kind: StoryKind; postId: number | null; postTitle: string }) {
  const [row] = await tx.insert(notifications).values(input).returning({ id: notifications.id });
  await scheduleMailsForNotification(tx, row.id);
  return [tag.inbox(input.memberId), tag.mail];
}

/**
 * Names one text of a post (its title and body): the editor's page carries it, and publishing
 * refuses a post whose text is no longer the one the editor read.
 */
export function storyVersion(post: { title: string; content: string }) {
  return crypto.createHash("sha256").update(`${post.title}\u0000${post.content}`).digest("base64url").slice(0, 22);
}

/** Whose story it is, its text and whether it is out yet, locked until the decision is stored. */
async function lockedPost(tx: Tx, id: number) {
  const [row] = await tx
    .select({ title: blogPosts.title, content: blogPosts.content, authorId: blogPosts.authorId, published: blogPosts.published })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .for("update");
  return row ?? null;
}

// An editor's own post is theirs to publish or delete; only someone else's story is news.
const otherAuthor = (row: { authorId: string | null }, editorId: string) => (row.authorId && row.authorId !== editorId ? row.authorId : null);

/**
 * Publishes a post; when a member's story first goes out, its author hears of it. Null when gone;
 * `{ stale: true }` (nothing published) when `version` is given and the text is no longer that one.
 */
export async function publishPost({ changes }: Pick<Writer, "changes">, id: number, editorId: string, version?: string) {
  return changes.write(async (tx, changed) => {
    const before = await lockedPost(tx, id);
    if (!before) return null;
    if (version !== undefined && storyVersion(before) !== version) return { stale: true as const };
    changed(tag.blog, tag.post(id), tag.review);
    const [row] = await tx
      .update(blogPosts)
      .set({ published: true, publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())`, returnedNote: null, returnedAt: null, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title });
    const author = otherAuthor(before, editorId);
    // Unpublished and published again is no news to its author: told once per story.
    const told = async (memberId: string) =>
      (
        await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.memberId, memberId), eq(notifications.postId, id), eq(notifications.kind, "story-published")))
      ).length > 0;
    if (!before.published && author && !(await told(author)))
      changed(...(await tellAuthor(tx, { memberId: author, kind: "story-published", postId: id, postTitle: row.title })));
    if (!before.published) await recordStory(tx, editorId, "publish-story", id, { authorId: before.authorId, title: row.title });
    return { ...row, stale: false as const };
  });
}

/** Deletes a post; a member's story deleted before it went out is "not published" to its author. */
export async function declinePost({ changes }: Pick<Writer, "changes">, id: number, editorId: string) {
  return changes.write(async (tx, changed) => {
    const before = await lockedPost(tx, id);
    if (!before) return false;
    await tx.delete(blogPosts).where(eq(blogPosts.id, id));
    await recordStory(tx, editorId, "decline-story", id, before);
    changed(...(before.published ? [tag.blog, tag.post(id)] : [tag.review]));
    const author = otherAuthor(before, editorId);
    if (!before.published && author) changed(...(await tellAuthor(tx, { memberId: author, kind: "story-declined", postId: null, postTitle: before.title })));
    return true;
  });
}

/**
 * Returns a member's unpublished story to them with a note: it stays theirs to change and
 * resubmit (saving it clears the note). False when it is published, gone, or has no author.
 */
export async function returnStory({ changes }: Pick<Writer, "changes">, id: number, editorId: string, note: string) {
  return changes.write(async (tx, changed) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ returnedNote: note, returnedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(blogPosts.id, id), eq(blogPosts.published, false), isNotNull(blogPosts.authorId)))
      .returning({ title: blogPosts.title, authorId: blogPosts.authorId });
    if (!row) return false;
    changed(tag.review);
    await recordStory(tx, editorId, "return-story", id, row);
    const author = otherAuthor(row, editorId);
    if (author) changed(...(await tellAuthor(tx, { memberId: author, kind: "story-returned", postId: id, postTitle: row.title })));
    return true;
  });
}

/** The record's line for a decision on a post: who decided, whose post, which and its title. */
export async function recordStory(
  tx: Tx,
  editorId: string,
  action: "publish-story" | "decline-story" | "return-story" | "unpublish-story",
  id: number,
  post: { authorId: string | null; title: string },
) {
  await recordAction(tx, { actorId: editorId, action, memberId: post.authorId, targetType: "story", targetId: id, detail: post.title });
}
