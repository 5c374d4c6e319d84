// The forum's topics: the list admins keep (name, slug, description, order) and what readers see
// of it. A question has at most one topic; deleting a topic leaves its questions without one (the
// foreign key sets it to null), so nothing anyone wrote is lost.
import { and, asc, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { isTopicSlug, TOPIC_SLUG_MAX } from "~/lib/forum-list";
import { isRowId } from "~/lib/validation";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { slugify } from "~/server/infra/slug.server";
import { forumTopics } from "../../../db/schema";

export interface TopicView {
  id: number;
  slug: string;
  name: string;
  description: string;
  position: number;
}

export class TopicNotFoundError extends Error {}
/** Another topic already has the slug (or the name gives one that another has). */
export class TopicSlugTakenError extends Error {}
/** The slug was left empty and the name gives none (it has no letters or digits). */
export class TopicSlugMissingError extends Error {}

const columns = { id: forumTopics.id, slug: forumTopics.slug, name: forumTopics.name, description: forumTopics.description, position: forumTopics.position };

/** Every topic, in the order admins set. */
export async function listTopics(db: Db): Promise<TopicView[]> {
  return db.select(columns).from(forumTopics).orderBy(asc(forumTopics.position), asc(forumTopics.id));
}

/** Every topic with its number of visible questions, in order (the list of topics). */
export async function listTopicsWithCounts(db: Db) {
  const rows = await db
    // Written out with an alias: in a one-table select drizzle leaves columns unqualified, and
    // "id" inside the subquery would be the question's own.
    .select({
      ...columns,
      questions: sql<number>`(select count(*)::int from forum_questions fq where fq.topic_id = ${forumTopics}.id and fq.hidden_at is null)`,
    })
    .from(forumTopics)
    .orderBy(asc(forumTopics.position), asc(forumTopics.id));
  return rows.map((r) => ({ ...r, questions: Number(r.questions) }));
}

export async function getTopicBySlug(db: Db, slug: string): Promise<TopicView | null> {
  if (!isTopicSlug(slug)) return null;
  const [row] = await db.select(columns).from(forumTopics).where(eq(forumTopics.slug, slug));
  return row ?? null;
}

export async function getTopicById(db: Db, id: number): Promise<TopicView | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select(columns).from(forumTopics).where(eq(forumTopics.id, id));
  return row ?? null;
}

/** The slug to store: the one given, else one made from the name; refused when another topic has it. */
async function slugFor(db: Db, input: { name: string; slug: string }, exceptId?: number) {
  const slug = input.slug || slugify(input.name).slice(0, TOPIC_SLUG_MAX).replace(/-+$/, "");
  if (!isTopicSlug(slug)) throw new TopicSlugMissingError(input.name);
  const [clash] = await db
    .select({ id: forumTopics.id })
    .from(forumTopics)
    .where(exceptId ? and(eq(forumTopics.slug, slug), ne(forumTopics.id, exceptId)) : eq(forumTopics.slug, slug));
  if (clash) throw new TopicSlugTakenError(slug);
  return slug;
}

/** A unique-violation from PostgreSQL: two admins saving the same slug at once. */
function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Adds a topic at the end of the list. */
export async function createTopic({ db, changes }: Writer, input: { name: string; slug: string; description: string }): Promise<TopicView> {
  const slug = await slugFor(db, input);
  try {
    return await changes.write(async (tx, changed) => {
      const [row] = await tx
        .insert(forumTopics)
        .values({
          slug,
          name: input.name,
          description: input.description,
          position: sql`(select coalesce(max(${forumTopics.position}), 0) + 1 from ${forumTopics})`,
        })
        .returning(columns);
      changed(tag.topics);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new TopicSlugTakenError(slug);
    throw error;
  }
}

/** Renames a topic, changes its slug or description; its questions stay with it. */
export async function updateTopic({ db, changes }: Writer, id: number, input: { name: string; slug: string; description: string }): Promise<TopicView> {
  if (!(await getTopicById(db, id))) throw new TopicNotFoundError(String(id));
  const slug = await slugFor(db, input, id);
  try {
    return await changes.write(async (tx, changed) => {
      const [row] = await tx
        .update(forumTopics)
        .set({ slug, name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(forumTopics.id, id))
        .returning(columns);
      if (!row) throw new TopicNotFoundError(String(id));
      // Its name shows on every forum page and question filed under it.
      changed(tag.topics, tag.topic(id));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new TopicSlugTakenError(slug);
    throw error;
  }
}

/**
 * Moves a topic one place up or down the list (swapping with its neighbour). Returns false when
 * it is already first (up) or last (down).
 */
export async function moveTopic({ changes }: Pick<Writer, "changes">, id: number, direction: "up" | "down"): Promise<boolean> {
  return changes.write(async (tx, changed) => {
    // Positions are renumbered 1..n first, so equal positions (or gaps) never stop a move.
    await tx.execute(
      sql`update forum_topics t set position = o.n from (select id, row_number() over (order by position, id)::int as n from forum_topics) o where o.id = t.id and t.position <> o.n`,
    );
    const [topic] = await tx.select({ position: forumTopics.position }).from(forumTopics).where(eq(forumTopics.id, id)).for("update");
    if (!topic) throw new TopicNotFoundError(String(id));
    const [neighbour] = await tx
      .select({ id: forumTopics.id, position: forumTopics.position })
      .from(forumTopics)
      .where(direction === "up" ? lt(forumTopics.position, topic.position) : gt(forumTopics.position, topic.position))
      .orderBy(direction === "up" ? desc(forumTopics.position) : asc(forumTopics.position))
      .limit(1);
    if (!neighbour) return false;
    await tx.update(forumTopics).set({ position: neighbour.position }).where(eq(forumTopics.id, id));
    await tx.update(forumTopics).set({ position: topic.position }).where(eq(forumTopics.id, neighbour.id));
    changed(tag.topics);
    return true;
  });
}

/** Deletes a topic; its questions stay, without a topic. */
export async function deleteTopic({ changes }: Pick<Writer, "changes">, id: number) {
  if (!isRowId(id)) throw new TopicNotFoundError(String(id));
  await changes.write(async (tx, changed) => {
    const rows = await tx.delete(forumTopics).where(eq(forumTopics.id, id)).returning({ id: forumTopics.id });
    if (!rows.length) throw new TopicNotFoundError(String(id));
    // Its questions stay in the forum's lists, now without a topic.
    changed(tag.topics, tag.topic(id), tag.forum);
  });
}
