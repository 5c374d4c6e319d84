// Stories and posts are plain text. A blank line starts a new paragraph; a single line break
// stays a line break inside its paragraph (a poem, an address, a list typed line by line).
// The forms' hint, the editor's preview and the article page all follow this one rule.
export const PARAGRAPH_HINT = "Leave a blank line between paragraphs. A single line break stays a line break.";

export function paragraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean);
}
