import { BookOpen, MessageCircle, Users } from "~/components/icons";
import { Link } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button-variants";
import { CardLink } from "~/components/card-link";
import { Card, CardContent } from "~/components/ui/card";
import { preview } from "~/lib/featured";
import { organization, seo, siteUrlFrom, SITE_NAME } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { homeLists } from "~/server/site/site.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { MutedFold } from "~/components/forum/muted-fold";
import { mutedPostsAmong } from "~/server/members/members.server";
import { orWhenUnavailable } from "~/server/outage.server";
import { getHomeStats } from "~/server/site/site.server";
import type { Route } from "./+types/home";
import { publicPage } from "~/lib/public-page";

export const HOME_POSTS = 3;
export const HOME_QUESTIONS = 3;
export const CARD_PREVIEW = 100;

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return seo(siteUrl, {
    path: "/",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: SITE_NAME,
        url: siteUrl,
        potentialAction: { "@type": "SearchAction", target: `${siteUrl}/search?q={query}`, "query-input": "required name=query" },
      },
      { "@context": "https://schema.org", ...organization(siteUrl) },
    ],
  });
};

export interface ActivityItem {
  type: "post" | "question";
  id: number;
  title: string;
  preview: string;
  author: string;
  createdAt: string;
  href: string;
  /** The author's name when the reader muted them (their own page only): the card is folded. */
  muted?: string;
}

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  // While the database is away the page still works: no counters, and empty lists.
  const [stats, [posts, questions]] = await Promise.all([
    orWhenUnavailable(context, () => getHomeStats(runtime), null),
    orWhenUnavailable(context, () => homeLists(runtime, { posts: HOME_POSTS, questions: HOME_QUESTIONS }), [[], []] as const),
  ]);
  const activity: ActivityItem[] = [
    ...posts.map((p) => ({
      type: "post" as const,
      id: p.id,
      title: p.title,
      preview: preview(p.content, CARD_PREVIEW),
      author: p.authorName ?? "Anonymous",
      createdAt: p.createdAt,
      href: `/article/${p.slug}`,
    })),
    ...questions.map((q) => ({
      type: "question" as const,
      id: q.id,
      title: q.title,
      preview: preview(q.content, CARD_PREVIEW),
      author: q.authorName,
      createdAt: q.createdAt,
      href: `/forum/${q.id}`,
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // A member's page (never stored) folds the questions of members they muted; readers' is as read.
  const none = { questions: new Map<number, string>() };
  const muted =
    viewer && questions.length
      ? await orWhenUnavailable(context, () => mutedPostsAmong(runtime.db, viewer.id, { questions: questions.map((q) => q.id) }), none)
      : none;
  const shown = activity.map((item) => {
    const name = item.type === "question" ? muted.questions.get(item.id) : undefined;
    return name === undefined ? item : { ...item, muted: name };
  });
  return { stats, activity: shown, signedIn: viewer !== null };
}

// On a phone the three counters share one compact row, so the first screen still reaches the
// activity below; from the sm breakpoint up each is its own card with an icon.
function Counter({ icon: Icon, value, label }: { icon: typeof Users; value: number; label: string }) {
  return (
    <div className="flex flex-col items-center px-1 py-3 text-center sm:flex-row sm:gap-4 sm:rounded-xl sm:border sm:bg-card sm:p-6 sm:text-left sm:text-card-foreground sm:shadow-sm">
      <Icon aria-hidden="true" className="hidden size-8 shrink-0 text-primary sm:block" />
      <div>
        <p className="text-xl/snug font-bold sm:text-3xl/tight">{value.toLocaleString("en-US")}</p>
        <p className="text-sm/snug text-muted-foreground sm:text-base/[1.6]">{label}</p>
      </div>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats, activity, signedIn } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-6 sm:gap-12 sm:py-10">
      <section aria-labelledby="hero-title" className="grid min-w-0 gap-5 rounded-2xl bg-accent px-4 py-10 text-center sm:px-10">
        {/* At 200% text on a phone its size keeps to what the width holds (app.css): words stay whole. */}
        <h1 id="hero-title" className="min-w-0 text-3xl font-bold leading-tight sm:text-5xl">
          Living with rheumatoid arthritis? You are not alone.
        </h1>
        <p className="mx-auto max-w-2xl text-xl">Connect with others who understand your journey</p>
        <div className="flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <>
              <Link to="/forum" className={buttonVariants({ size: "lg" })}>
                Join Discussions
              </Link>
              <Link to="/blog" className={buttonVariants({ size: "lg", variant: "outline" })}>
                Read Stories
              </Link>
            </>
          ) : (
            <>
              <Link to="/auth?tab=signup" className={buttonVariants({ size: "lg" })}>
                Join Community
              </Link>
              <Link to="/blog" className={buttonVariants({ size: "lg", variant: "outline" })}>
                Browse Content
              </Link>
            </>
          )}
        </div>
      </section>

      {stats ? (
        <section
          aria-label="Community in numbers"
          className="grid grid-cols-3 divide-x rounded-xl border bg-card sm:gap-4 sm:divide-x-0 sm:border-0 sm:bg-transparent"
        >
          <Counter icon={Users} value={stats.members} label="Community Members" />
          <Counter icon={MessageCircle} value={stats.questions} label="Questions Answered" />
          <Counter icon={BookOpen} value={stats.articles} label="Blog Articles" />
        </section>
      ) : null}

      <section aria-labelledby="activity-title" className="grid gap-4">
        <h2 id="activity-title" className="text-2xl font-bold">
          Recent Community Activity
        </h2>
        {activity.length === 0 ? (
          <Card>
            <CardContent className="grid justify-items-center gap-3 py-12 text-center">
              <h3 className="text-xl font-semibold">Community is Growing</h3>
              <p className="text-muted-foreground">Be one of the first to start a conversation.</p>
              {signedIn ? (
                <Link to="/forum?ask=1#ask" className={buttonVariants()}>
                  Ask a Question
                </Link>
              ) : null}
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {activity.map((item) => (
              <li key={`${item.type}-${item.id}`}>
                <Card className="relative h-full">
                  <CardContent className="grid gap-2 pt-6">
                    <Badge variant={item.type === "post" ? "default" : "secondary"} className="w-fit">
                      {item.type === "post" ? "Blog Post" : "Question"}
                    </Badge>
                    <MutedFold muted={item.muted !== undefined} name={item.muted ?? ""} raised>
                      <h3 className="text-lg font-semibold leading-snug">
                        <CardLink to={item.href} className="wrap-anywhere">
                          {item.title}
                        </CardLink>
                      </h3>
                      <p className="wrap-anywhere text-muted-foreground">{item.preview}</p>
                      <p className="text-sm text-muted-foreground">
                        {item.author} · <RelativeTime date={item.createdAt} />
                      </p>
                    </MutedFold>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
            View All Articles
          </Link>
          <Link to="/forum" className={buttonVariants({ variant: "outline" })}>
            Browse Forum
          </Link>
        </div>
      </section>
    </div>
  );
}
