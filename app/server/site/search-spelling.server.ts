// "Did you mean": a misspelt search word ("stifness") is matched to the closest word of the
// site's own guides ("stiffness") by edit distance. The guides are our own, reviewed words, so a
// suggestion never repeats what a member wrote (a name, a typo); they are read once per process,
// a few thousand words, and a query's few words are compared in well under a millisecond.
import { distance } from "fastest-levenshtein";
import { allGuides } from "~/server/guides/guides.server";

const WORD = /\p{L}+/gu;
/** Words shorter than this are left alone: too many other words are one letter away. */
const MIN_LENGTH = 4;

let vocabulary: Map<string, number> | null = null;

/** Every word of the guides (titles, descriptions, text), lower case, with how often it occurs. */
function guideWords(): Map<string, number> {
  if (!vocabulary) {
    const counts = new Map<string, number>();
    for (const guide of allGuides().values()) {
      for (const word of `${guide.title} ${guide.description} ${guide.text}`.toLowerCase().match(WORD) ?? []) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    vocabulary = counts;
  }
  return vocabulary;
}

/** The guides' word closest to `word`: one edit away for short words, two for longer; ties go to the commoner word. */
function closestWord(word: string, words: Map<string, number>): string | null {
  const most = word.length <= 5 ? 1 : 2;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of words) {
    if (Math.abs(candidate.length - word.length) > most || candidate.length < MIN_LENGTH) continue;
    const d = distance(word, candidate);
    if (d > most) continue;
    if (!best || d < best.distance || (d === best.distance && count > best.count)) best = { word: candidate, distance: d, count };
  }
  return best?.word ?? null;
}

/** The query with its unknown words spelt as the guides spell them, or null when nothing changes. */
export function correctedQuery(query: string): string | null {
  const words = guideWords();
  let changed = false;
  const corrected = query.replace(WORD, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < MIN_LENGTH || words.has(lower)) return word;
    const better = closestWord(lower, words);
    if (!better) return word;
    changed = true;
    return better;
  });
  return changed ? corrected : null;
}
