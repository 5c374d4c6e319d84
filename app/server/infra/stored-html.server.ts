// Members' and editors' posts are rendered once, when they are saved, and the HTML is stored
// beside the text with the version of the renderer that made it. Pages read the stored HTML, so
// no request renders Markdown (a long post costs its author once, not every reader). When the
// renderer changes, RENDERER_VERSION goes up and rows are re-rendered once, in the background.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./db.server";
import type { Logger } from "./log.server";
import { postHtml } from "./post-markdown.server";

/** Raise when post-markdown.server.ts renders differently: stored HTML is then made again. */
export const RENDERER_VERSION = 1;

/** The stored columns for a text being saved. */
export function rendered(content: string) {
  return { contentHtml: postHtml(content), htmlVersion: RENDERER_VERSION };
}

/**
 * A row's HTML as pages show it. Rows saved before this version are re-rendered at start-up; a
 * page that reaches one first renders it this once (the row is then brought up to date too).
 */
export function storedHtmlOf(row: { content: string; contentHtml: string | null; htmlVersion: number | null }) {
  return row.htmlVersion === RENDERER_VERSION && row.contentHtml !== null ? row.contentHtml : postHtml(row.content);
}

const TABLES = ["forum_questions", "forum_answers", "blog_posts"] as const;
// A batch is rendered synchronously and written in one statement; batches stay small so that a
// thread that is also serving pauses only briefly between requests.
const BATCH = 100;

/**
 * Re-renders every row whose HTML is missing or from another renderer version, a batch at a time
 * (each instance claims its own rows, so several starting together share the work).
 */
export async function refreshStoredHtml(db: Db, log?: Logger) {
  let total = 0;
  for (const table of TABLES) {
    // Onwards from the last row seen: starting over at the first row each time rescans every row
    // already done, which made a table of 150,000 rows take a minute.
    let after = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number; content: string }>(
          await tx.execute(sql`select id, content from ${sql.identifier(table)}
            where id > ${after} and html_version is distinct from ${RENDERER_VERSION} order by id limit ${BATCH} for update skip locked`),
        );
        if (rows.length === 0) return 0;
        const ids = rows.map((row) => row.id);
        after = ids[ids.length - 1];
        const html = rows.map((row) => rendered(row.content).contentHtml);
        await tx.execute(sql`update ${sql.identifier(table)} t set content_html = v.html, html_version = ${RENDERER_VERSION}
          from unnest(${sql.param(ids)}::int[], ${sql.param(html)}::text[]) as v(id, html) where t.id = v.id`);
        return rows.length;
      });
      total += done;
      if (done < BATCH) break;
      // Let requests in between batches: rendering is synchronous work on this thread.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (total) log?.info({ rows: total, version: RENDERER_VERSION }, "stored post HTML rendered again for the current renderer");
  return total;
}
