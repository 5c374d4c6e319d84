// Cutting plain text to a length for feeds and snippets: at a word boundary, never mid-word,
// and with an ellipsis so a reader knows there is more. Counts code points, not UTF-16 units.

/** `text` whole when it fits in `max` characters, else its first whole words within `max`, then "…". */
export function shortenAtWord(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max + 1).join("");
  // The last space within the limit ends the last whole word; one long word is cut where it must.
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : chars.slice(0, max).join("");
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}
