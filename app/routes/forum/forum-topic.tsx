// /forum/topics/:slug: one topic's questions, with its name and description, in the forum's three
// orders and pages (?sort=, ?page=). Its data comes from the shared reads (listings.server.ts).
import { data, Link, redirect } from "react-router";
import { ListControls, QuestionList } from "~/components/forum/question-list";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button-variants";
import { forumListHref, isForumSort, isTopicSlug, withoutDefaults, type ForumSort } from "~/lib/forum-list";
import { isPageNumber, pageNumberOf, pageQuery, type PageHandle } from "~/lib/page-query";
import { publicPage } from "~/lib/public-page";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { forumPage, topicBySlug } from "~/server/site/site.server";
import { databaseAway, getViewer } from "~/server/accounts/accounts.server";
import { followsTopic, setTopicFollow } from "~/server/forum/forum.server";
import { foldMutedQuestions } from "~/server/members/members.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import { FollowButton } from "~/components/forum/question-controls";
import type { Route } from "./+types/forum-topic";

export const headers = publicPage;
export const handle: PageHandle = { query: { page: isPageNumber, sort: isForumSort } };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const slug = params.slug ?? "";
  const topic = isTopicSlug(slug) ? await topicBySlug(runtime, slug) : null;
  if (!topic) throw data(null, { status: 404 });
  // "?sort=newest" (what the form sends for the default order) is the topic's plain address.
  const plain = withoutDefaults(new URL(request.url));
  if (plain) throw redirect(plain, 301);
  // Anything but the three orders shows the default one (and is left out of the stored page's key).
  const query = pageQuery(request.url, handle.query);
  const sort = (query.get("sort") as ForumSort | null) ?? "newest";
  const page = pageNumberOf(query);
  const result = await forumPage(runtime, { page, sort, topicId: topic.id });
  // A page past the last is not found (not the last page again under another address).
  if (result.page !== page) throw data(null, { status: 404 });
  return {
    topic: { slug: topic.slug, name: topic.name, description: topic.description },
    // A member's page (never stored) folds the posts of members they muted; readers' data is as read.
    questions: await foldMutedQuestions(runtime.db, viewer?.id ?? null, result.questions),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    sort,
    signedIn: Boolean(viewer),
    // Whether this member follows the topic: their page alone (signed-in pages are never stored).
    following: viewer ? await followsTopic(runtime.db, viewer.id, topic.id) : false,
  };
}

// Follow or Unfollow (a plain form): back to the topic, or to the account page's list it came from.
export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const slug = params.slug ?? "";
  const path = `/forum/topics/${slug}`;
  if (databaseAway(context)) throw data(null, { status: 503 });
  const viewer = getViewer(context);
  if (!viewer) return redirect(`/auth?redirectTo=${encodeURIComponent(path)}`);
  const topic = isTopicSlug(slug) ? await topicBySlug(runtime, slug) : null;
  if (!topic) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "follow" && intent !== "unfollow") throw data(null, { status: 400 });
  const back = form.get("back") === "account" ? "/account#followed-topics" : path;
  try {
    await runtime.limiter.consume("edit", viewer.id);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    return redirectWithToast(back, { title: "Please slow down", description: error.message, variant: "destructive" });
  }
  await setTopicFollow(runtime, viewer.id, topic.id, intent === "follow");
  return redirectWithToast(
    back,
    intent === "follow"
      ? { title: `Following ${topic.name}`, description: "You will be told of new questions in this topic." }
      : { title: `No longer following ${topic.name}`, description: "You will not be told of new questions in this topic." },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) return seo(siteUrl, { title: "Topic not found", noindex: true });
  const { topic, page, sort } = loaderData;
  const base = `/forum/topics/${topic.slug}`;
  return seo(siteUrl, {
    title: `${topic.name}: forum questions${page > 1 ? ` (page ${page})` : ""}`,
    description: topic.description || `Questions and answers about ${topic.name.toLowerCase()} from people living with rheumatoid arthritis.`,
    // Another order shows the same questions again: the default order is the canonical one.
    path: sort === "newest" && page > 1 ? `${base}?page=${page}` : base,
  });
};

export default function ForumTopic({ loaderData }: Route.ComponentProps) {
  const { topic, questions, total, page, pageCount, sort, signedIn, following } = loaderData;
  const base = `/forum/topics/${topic.slug}`;
  const askHref = `/forum?topic=${topic.slug}&ask=1#ask`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap gap-x-4">
        <Link to="/forum" className="inline-flex min-h-11 items-center underline">
          ← Back to the forum
        </Link>
        <Link to="/forum/topics" className="inline-flex min-h-11 items-center underline">
          All topics
        </Link>
      </nav>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="grid max-w-2xl gap-2">
          <h1 className="text-3xl font-bold">{topic.name}</h1>
          {topic.description ? <p className="text-lg text-muted-foreground">{topic.description}</p> : null}
          <p className="text-muted-foreground">{`${total} ${total === 1 ? "question" : "questions"}`}</p>
          {signedIn ? (
            <div className="flex flex-wrap items-center gap-3">
              <FollowButton following={following} />
              <p className="text-sm text-muted-foreground">
                {following ? "You are told of new questions in this topic." : "Follow to be told of new questions in this topic."}
              </p>
            </div>
          ) : null}
        </div>
        <Link
          to={signedIn ? askHref : `/auth?redirectTo=${encodeURIComponent(base)}`}
          className={buttonVariants({ variant: signedIn ? "default" : "outline" })}
        >
          {signedIn ? "Ask about this topic" : "Sign in to ask questions"}
        </Link>
      </div>
      <ListControls action={base} sort={sort} />
      <QuestionList
        questions={questions}
        sort={sort}
        showTopic={false}
        empty={
          sort === "unanswered"
            ? { title: "No unanswered questions", text: "Every question in this topic has an answer." }
            : { title: "No questions in this topic yet", text: "Be the first to ask about it." }
        }
      />
      <Pagination page={page} pageCount={pageCount} basePath={base} label={`${topic.name} pages`} hrefFor={(p) => forumListHref(base, { sort, page: p })} />
    </div>
  );
}
