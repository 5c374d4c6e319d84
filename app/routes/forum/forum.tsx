import { Plus } from "~/components/icons";
import { HELD_FOR_REVIEW } from "~/lib/hidden-posts";
import * as React from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { ActionData as AskActionData } from "~/components/forum/ask-question-dialog";
import { PostFields, type TopicOption } from "~/components/forum/post-form";
import { SilencedNotice } from "~/components/forum/silenced-notice";
import { ListControls, QuestionList, TopicLinks } from "~/components/forum/question-list";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent } from "~/components/ui/card";
import { forumListHref, isForumSort, SORT_LABELS, withoutDefaults, type ForumSort } from "~/lib/forum-list";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { forumPage, topicList } from "~/server/site/site.server";
import { postQuestion } from "~/server/forum/forum.server";
import { similarQuestions } from "~/server/forum/forum.server";
import { saveTypedName, typedName } from "~/server/accounts/accounts.server";
import { foldMutedQuestions } from "~/server/members/members.server";
import { databaseAway, getViewer } from "~/server/accounts/accounts.server";
import { silenceOf } from "~/lib/standing";
import { orWhenUnavailable } from "~/server/outage.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/forum";
import { publicPage } from "~/lib/public-page";
import type { ShownDraft } from "~/lib/draft-kinds";
import { draftFor } from "~/server/drafts/drafts.server";
import { DraftControls } from "~/components/drafts/draft-controls";
import { useDraft, type DraftHandle } from "~/components/drafts/use-draft";
import { draftFormAction, draftIntentOf, shownDraft } from "../account/draft-forms.server";
import { isPageNumber, pageNumberOf, pageQuery, type PageHandle } from "~/lib/page-query";

export const headers = publicPage;
// What the page varies by: its page, order and topic, and ?ask=1 (the form to ask, open).
// Any topic is looked up (one that does not exist is not found, and not stored).
export const handle: PageHandle = { query: { page: isPageNumber, sort: isForumSort, topic: (v) => v.length <= 100, ask: (v) => v === "1" } };

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) => {
  const topic = data?.topic;
  const page = data && data.page > 1 ? ` (page ${data.page})` : "";
  // A topic's questions are canonically its own page; another order is the same questions again.
  const canonical = topic ? `/forum/topics/${topic.slug}` : data && data.sort === "newest" && data.page > 1 ? `/forum?page=${data.page}` : "/forum";
  return seo(siteUrlFrom(matches), {
    title: topic ? `Community Forum: ${topic.name}${page}` : `Community Forum${page}`,
    description:
      "Questions and answers from people living with rheumatoid arthritis: ask the community about pain relief, daily life and treatment experiences.",
    path: canonical,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const url = new URL(request.url);
  const plain = withoutDefaults(url);
  if (plain) throw redirect(plain, 301);
  // Anything but the three orders shows the default one; an unknown topic is not found.
  const query = pageQuery(url, handle.query);
  const page = pageNumberOf(query);
  const sort = (query.get("sort") as ForumSort | null) ?? "newest";
  // While the database is away the page still works, with an empty list (and no topics).
  const topics = (await orWhenUnavailable(context, () => topicList(runtime), null)) ?? [];
  const slug = query.get("topic");
  const topic = slug ? (topics.find((t) => t.slug === slug) ?? null) : null;
  // A topic that does not exist is not found (a database away shows the page without it).
  if (slug && !topic && topics.length) throw data(null, { status: 404 });
  const unavailable = { questions: [], total: 0, page, pageCount: page, pageSize: 0 };
  const result = await orWhenUnavailable(context, () => forumPage(runtime, { page, sort, topicId: topic?.id }), unavailable);
  // A page past the last is not found (not the last page again under another address).
  if (result.page !== page) throw data(null, { status: 404 });
  // A member's page (never stored) folds the posts of members they muted; readers' data is as read.
  const questions = viewer
    ? await orWhenUnavailable(context, () => foldMutedQuestions(runtime.db, viewer.id, result.questions), result.questions)
    : result.questions;
  return {
    ...result,
    questions,
    sort,
    topic: topic && { id: topic.id, slug: topic.slug, name: topic.name },
    topics: topics.map((t) => ({ id: t.id, slug: t.slug, name: t.name })),
    signedIn: Boolean(viewer),
    displayName: viewer?.displayName ?? null,
    askInline: query.get("ask") === "1",
    submissionKey: crypto.randomUUID(),
    // The member's unfinished question (the dialog and the form on the page share it): this
    // page is theirs alone then, never stored for others.
    memberId: viewer?.id ?? null,
    askDraft: viewer ? await orWhenUnavailable(context, async () => shownDraft(await draftFor(runtime, viewer.id, ASK_DRAFT)), null) : null,
    silencedUntil: silenceOf(viewer),
  };
}

const ASK_DRAFT = { kind: "question", targetId: 0 } as const;
const FAILED = "Failed to post your question";
const UNAVAILABLE = "Temporarily unavailable: the site cannot reach its database. Your question is still here; please try again in a moment.";

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const form = await request.formData();
  const values = {
    title: String(form.get("title") ?? "").slice(0, 20_000),
    content: String(form.get("content") ?? "").slice(0, 20_000),
    topic: String(form.get("topic") ?? "").slice(0, 20),
    displayName: typedName(form.get("displayName")),
  };
  // The database away: the form comes back with what was typed, and the specification's message.
  if (databaseAway(context)) {
    return data(
      {
        ok: false,
        errors: { form: `${FAILED}. ${UNAVAILABLE}` },
        values,
        toast: { id: crypto.randomUUID(), title: FAILED, description: UNAVAILABLE, variant: "destructive" as const },
      },
      { status: 503 },
    );
  }
  if (!viewer) {
    return data(
      {
        ok: false,
        errors: { form: "Please sign in to ask a question." },
        values,
        toast: { id: crypto.randomUUID(), title: FAILED, description: "Please sign in to ask a question.", variant: "destructive" as const },
      },
      { status: 401 },
    );
  }
  const draftIntent = draftIntentOf(form);
  if (draftIntent) return draftFormAction({ runtime, memberId: viewer.id, key: ASK_DRAFT, intent: draftIntent, form, back: "/forum?ask=1#ask" });
  // Without scripts the form cannot show similar questions while the title is typed: the first
  // submit of the form on the page shows them (if any) with the form as typed, and the next one
  // posts. With scripts (a submission for the page's data, "/forum.data") they showed as typed.
  const title = values.title.trim();
  const plainPost = !new URL(request.url).pathname.endsWith(".data");
  if (plainPost && form.get("checkSimilar") === "1" && title && String(form.get("similarSeen") ?? "") !== title) {
    const similar = await similarQuestions(runtime.db, title).catch(() => []);
    if (similar.length) return data({ ok: false, errors: {}, values, similar, similarFor: title, toast: undefined });
  }
  let result;
  try {
    // The name chosen beside the question is saved first, so the question appears under it.
    const nameProblem = await saveTypedName(runtime, viewer, form.get("displayName"));
    if (nameProblem) return data({ ok: false, errors: { displayName: nameProblem }, values, toast: undefined }, { status: 400 });
    result = await postQuestion(runtime, viewer.id, {
      title: form.get("title"),
      content: form.get("content"),
      submissionKey: form.get("submissionKey"),
      acknowledgePersonal: form.get("acknowledgePersonal") === "1",
      topicId: form.get("topic") ?? undefined,
    });
  } catch (error) {
    runtime.log.error({ err: error }, "posting a question failed");
    return data(
      { ok: false, errors: { form: FAILED }, values, toast: { id: crypto.randomUUID(), title: FAILED, variant: "destructive" as const } },
      { status: 503 },
    );
  }
  if (!result.ok) {
    return data(
      {
        ok: false,
        errors: result.errors,
        warning: result.warning,
        values,
        toast: result.warning ? undefined : { id: crypto.randomUUID(), title: FAILED, description: result.message, variant: "destructive" as const },
      },
      { status: result.status, headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined },
    );
  }
  // The asker lands on their new question (from the dialog too: a fetcher follows a redirect).
  // The page focuses the question on arrival (forum/answer-focus.tsx): a keyboard goes on from there.
  if (result.held) return redirectWithToast(`/forum/${result.id}`, { title: "Thank you for your question", description: HELD_FOR_REVIEW });
  return redirectWithToast(`/forum/${result.id}`, { title: "Question posted!", description: "Your question has been shared with the community" });
}

type ActionData = AskActionData;
type AskPageResult = ActionData & { draftConflict?: { current: ShownDraft | null } };

// Members' Ask Question dialog (Radix Dialog) loads only for them.
const AskQuestionDialog = React.lazy(() => import("~/components/forum/ask-question-dialog"));

interface AskProps {
  submissionKey: string;
  topics: readonly TopicOption[];
  /** The member's display name, shown (and changeable) before the question is posted. */
  displayName: string | null;
  /** The topic whose list the member is looking at: the form starts with it chosen. */
  topicId: number | null;
  askHref: string;
  /** The member's asking draft: the dialog and the form on the page show and save the same one. */
  draft: DraftHandle;
  /** Until when a moderator paused this member's posting: said above the form, before typing. */
  silencedUntil: string | null;
}

/** Until the dialog's code arrives, the button is the link to the form on the page. */
function AskQuestionButton(props: AskProps) {
  const fallback = (
    <Link to={props.askHref} className={buttonVariants()}>
      <Plus aria-hidden="true" /> Ask Question
    </Link>
  );
  return (
    <React.Suspense fallback={fallback}>
      <AskQuestionDialog {...props} />
    </React.Suspense>
  );
}

/** The same form on the page itself, for browsers without JavaScript (/forum?ask=1). */
function AskQuestionInline({ submissionKey, topics, topicId, displayName, result, draft, silencedUntil }: AskProps & { result?: AskPageResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/forum";
  return (
    <Card id="ask" className="mb-8">
      <CardContent className="pt-6">
        <h2 className="mb-4 text-xl font-semibold">Ask the community</h2>
        <Form key={draft.generation} method="post" action="/forum" className="grid gap-4" onInput={draft.onInput} onSubmitCapture={draft.onSubmitCapture}>
          <input type="hidden" name="checkSimilar" value="1" />
          {silencedUntil ? <SilencedNotice until={silencedUntil} /> : null}
          <PostFields
            kind="question"
            idPrefix="ask-inline"
            result={{ ...result, values: { ...result?.values, ...draft.values() } }}
            busy={busy}
            submissionKey={submissionKey}
            busyLabel="Posting..."
            submitLabel="Post Question"
            topics={topics}
            topicId={topicId}
            displayName={displayName}
          />
          <p className="text-sm text-muted-foreground">
            Please read our{" "}
            <Link to="/community-guidelines" className="underline">
              community guidelines
            </Link>
            .
          </p>
          <DraftControls draft={draft} idPrefix="ask-inline" conflict={result?.draftConflict?.current} />
        </Form>
      </CardContent>
    </Card>
  );
}

export default function Forum({ loaderData, actionData }: Route.ComponentProps) {
  const { questions, page, pageCount, sort, topic, topics, signedIn, displayName, askInline, submissionKey, memberId, askDraft, silencedUntil } = loaderData;
  const inlineResult = actionData as AskPageResult | undefined;
  const typed = inlineResult?.values;
  const draft = useDraft({
    kind: "question",
    targetId: 0,
    memberId,
    saved: askDraft,
    typed: typed ? { title: typed.title ?? "", body: typed.content ?? "" } : undefined,
  });
  const ask: AskProps = {
    draft,
    silencedUntil,
    submissionKey,
    topics,
    displayName,
    topicId: topic?.id ?? null,
    askHref: `${forumListHref("/forum", { topic: topic?.slug })}${topic ? "&" : "?"}ask=1#ask`,
  };
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Community Forum</h1>
          <p className="mt-1 text-muted-foreground">Ask questions and share what helps you.</p>
        </div>
        {signedIn ? (
          <AskQuestionButton {...ask} />
        ) : (
          <Link to="/auth?redirectTo=%2Fforum" className={buttonVariants({ variant: "outline" })}>
            Sign in to ask questions
          </Link>
        )}
      </div>
      {signedIn && (askInline || inlineResult) ? <AskQuestionInline {...ask} result={inlineResult} /> : null}
      <ListControls action="/forum" sort={sort} topics={topics} topic={topic?.slug} />
      {topic || sort !== "newest" ? (
        <p className="mb-4 text-muted-foreground">
          {`Showing ${sort === "unanswered" ? "unanswered questions" : "questions"}${topic ? ` in ${topic.name}` : ""}, ${SORT_LABELS[sort === "active" ? "active" : "newest"].toLowerCase()} first.`}
        </p>
      ) : null}
      <QuestionList
        questions={questions}
        sort={sort}
        empty={
          topic || sort === "unanswered"
            ? {
                title: "No questions here yet",
                text: sort === "unanswered" ? "Every question has an answer. Try another topic or order." : "Be the first to ask about this topic.",
              }
            : { title: "No questions yet", text: "Be the first to start a conversation." }
        }
      />
      <Pagination
        page={page}
        pageCount={pageCount}
        basePath="/forum"
        label="Forum pages"
        hrefFor={(p) => forumListHref("/forum", { topic: topic?.slug, sort, page: p })}
      />
      {/* Below the list, so a phone shows questions first; the select above chooses a topic too. */}
      <TopicLinks topics={topics} current={topic?.slug} />
    </div>
  );
}
