import { AuthorName } from "~/components/author-name";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { buttonVariants } from "~/components/ui/button-variants";
import { PostBody } from "~/components/post-body";
import { organization, seo, siteUrlFrom } from "~/lib/seo";
import { shareImageObject } from "~/lib/json-ld";
import { DEFAULT_SHARE_IMAGE } from "~/lib/share-image";
import { COMMUNITY_AUTHOR } from "~/server/blog/blog.server";
import { articlePage } from "~/server/site/site.server";
import { runtimeContext } from "~/server/context";
import { isDatabaseUnavailable } from "~/server/infra/db.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import type { Route } from "./+types/article";
import { publicPage } from "~/lib/public-page";

export const ARTICLE_DESCRIPTION_FALLBACK = 160;

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) throw data({ message: "Article not found" }, { status: 404 });
  const runtime = context.get(runtimeContext);
  let post;
  try {
    post = await articlePage(runtime, slug);
  } catch (error) {
    // The spec's wording for a failed load; an unreachable database is an outage, not a fault here.
    if (isDatabaseUnavailable(error)) runtime.log.warn({ err: error }, "database unavailable");
    else runtime.log.error({ err: error }, "Failed to load article");
    throw data({ message: "Failed to load article" }, { status: 503 });
  }
  if (!post) throw data({ message: "Article not found" }, { status: 404 });
  // Readers get the rendered story (safe HTML) and its words for the description, never the text
  // as typed: nothing a member wrote reaches the page except through the renderer.
  return {
    post: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      contentHtml: post.contentHtml,
      contentText: postPlainText(post.content).slice(0, ARTICLE_DESCRIPTION_FALLBACK),
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      publishedAt: post.publishedAt ?? post.createdAt,
      author: post.authorName ?? COMMUNITY_AUTHOR,
      authorProfile: post.authorProfile,
    },
  };
}

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) return seo(siteUrl, { title: "Article not found", noindex: true });
  const p = loaderData.post;
  const description = p.excerpt?.trim() ? p.excerpt : p.contentText;
  return seo(siteUrl, {
    title: p.title,
    description,
    path: `/article/${p.slug}`,
    type: "article",
    article: { publishedTime: p.publishedAt, modifiedTime: p.updatedAt, author: p.author },
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: p.title,
      description,
      // Stories have no illustration of their own: the site's share image stands for them.
      image: [shareImageObject(siteUrl, DEFAULT_SHARE_IMAGE)],
      datePublished: p.publishedAt,
      dateModified: p.updatedAt,
      author: { "@type": "Person", name: p.author },
      publisher: organization(siteUrl),
      mainEntityOfPage: `${siteUrl}/article/${p.slug}`,
    },
  });
};

export default function Article({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="wrap-anywhere text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
        <p className="text-muted-foreground">
          By <AuthorName name={post.author} profile={post.authorProfile} /> · Published <RelativeTime date={post.publishedAt} />
        </p>
      </header>
      <PostBody html={post.contentHtml} className="text-lg leading-relaxed" />
      <p>
        <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
          Read More Stories
        </Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && error.status === 503 ? "Failed to load article" : "Article not found";
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{message}</h1>
      <Link to="/blog" className={buttonVariants()}>
        Back to Blog
      </Link>
    </div>
  );
}
