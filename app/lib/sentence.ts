/**
 * Ends a sentence with a full stop unless its last word already brings one: a name such as
 * "Rosa M." or a question's title ending in "?" must not read "Rosa M.." at the end of a sentence.
 */
export function withStop(text: string) {
  return /[.!?\u2026]$/.test(text) ? text : `${text}.`;
}
