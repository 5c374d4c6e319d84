// Questions like the one being asked, shown under the ask form's title so that a member finds an
// existing conversation before starting a second one. Visible questions only; a candidate has
// to share at least two of the title's words (stemmed, stop words dropped), or its one word when
// the title has only one, so that "Jar openers" finds "Tips for opening jars?".
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/server/infra/db.server";

export interface SimilarQuestion {
  id: number;
  title: string;
}

export const SIMILAR_MAX = 5;
/** Recent matches looked at: a bounded amount of work however common the words are. */
const CANDIDATES = 200;

export async function similarQuestions(db: Db, title: string): Promise<SimilarQuestion[]> {
  // Letters and digits only: the words joined with "|" are safe to hand to to_tsquery.
  const words = [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 12);
  if (words.length === 0) return [];
  const result = await db.execute(sql`
    with typed as (select tsvector_to_array(to_tsvector('english', ${title})) as lexemes),
    q as (select to_tsquery('english', ${words.join(" | ")}) as tsq)
    select f.id, f.title, cardinality(typed.lexemes)::int as wanted,
      (select count(*) from unnest(tsvector_to_array(to_tsvector('english', f.title))) l where l = any(typed.lexemes))::int as shared
    from forum_questions f, q, typed
    where f.hidden_at is null and f.search @@ q.tsq
    order by f.id desc
    limit ${CANDIDATES}
  `);
  const rows = rowsOf<{ id: number; title: string; wanted: number; shared: number }>(result);
  return rows
    .filter((r) => r.wanted > 0 && r.shared >= Math.min(2, r.wanted))
    .sort((a, b) => b.shared - a.shared || b.id - a.id)
    .slice(0, SIMILAR_MAX)
    .map((r) => ({ id: Number(r.id), title: r.title }));
}
