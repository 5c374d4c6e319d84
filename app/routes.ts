// The route table. It mirrors the specification's table, then the pages decisions.md adds.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The ten static guides of the specification, each at /blog/<slug>, rendered by one layout. */
export const GUIDE_SLUGS = [
  "capsiva-rheumatoid-arthritis-pain-relief",
  "rheumatoid-arthritis-pain-relief-faq",
  "comprehensive-arthritis-guide",
  "capsaicin-arthritis-guide",
  "comprehensive-rheumatoid-arthritis-guide",
  "complete-arthritis-relief-guide",
  "early-arthritis-detection-guide",
  "seronegative-rheumatoid-arthritis-guide",
  "arthritis-hand-cream-guide",
  "comprehensive-rheumatoid-arthritis-resource",
] as const;

export default [
  index("routes/home.tsx"),
  route("blog", "routes/blog.tsx"),
  route("article/:slug", "routes/article.tsx"),
  route("forum", "routes/forum.tsx"),
  route("forum/:questionId", "routes/forum-question.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/forgot", "routes/auth-forgot.tsx"),
  route("auth/reset", "routes/auth-reset.tsx"),
  route("auth/two-factor", "routes/auth-two-factor.tsx"),
  route("auth/sign-out", "routes/auth-sign-out.tsx"),
  ...GUIDE_SLUGS.map((slug) => route(`blog/${slug}`, "routes/guide.tsx", { id: `guide-${slug}` })),
  route("account", "routes/account.tsx"),
  route("account/security", "routes/account-security.tsx"),
  route("account/export", "routes/account-export.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/posts", "routes/admin-posts.tsx"),
  route("admin/posts/:postId", "routes/admin-post-edit.tsx"),
  route("admin/reports", "routes/admin-reports.tsx"),
  route("admin/places", "routes/admin-places.tsx"),
  route("community-guidelines", "routes/community-guidelines.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("contact", "routes/contact.tsx"),
  route("search", "routes/search.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("rss.xml", "routes/rss.ts"),
  route(":citySlug/:serviceSlug", "routes/city-service.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
