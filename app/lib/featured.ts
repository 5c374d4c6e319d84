// The five featured guide cards on /blog (badge -> guide). The original site did not say which card
// led to which guide; each badge goes to the guide it describes best.
export const FEATURED_GUIDES = [
  { badge: "Featured", slug: "comprehensive-rheumatoid-arthritis-resource" },
  { badge: "Expert Guide", slug: "capsaicin-arthritis-guide" },
  { badge: "Essential", slug: "early-arthritis-detection-guide" },
  { badge: "FAQ", slug: "rheumatoid-arthritis-pain-relief-faq" },
  { badge: "Product Guide", slug: "arthritis-hand-cream-guide" },
] as const;

/** The first `n` characters of a text, cut at a word where possible, with an ellipsis. */
export function preview(text: string, n: number) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= n) return flat;
  return `${flat.slice(0, n).trimEnd()}...`;
}
