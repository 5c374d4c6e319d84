// The site's own pages about itself, linked from every page's footer and listed in the sitemap.
// One list, so the footer, the sitemap and the reserved city slugs cannot drift apart.

export const SITE_PAGES = [
  { path: "/about", label: "About" },
  { path: "/privacy", label: "Privacy" },
  { path: "/terms", label: "Terms" },
  { path: "/contact", label: "Contact" },
  { path: "/help-now", label: "Need help now?" },
] as const;
