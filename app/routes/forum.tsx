import { AuthorName } from "~/components/author-name";
import { Plus } from "~/components/icons";
import * as React from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { ActionData as AskActionData } from "~/components/forum/ask-question-dialog";
import { PostFields } from "~/components/forum/post-form";
import { Pagination, pageParam } from "~/components/pagination";
import { RelativeTime } from "~/components/relative-time";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { forumPage } from "~/server/listings.server";
import { postQuestion } from "~/server/posting.server";
import { submissionKeyFor } from "~/server/member-pages.server";
import { getViewer } from "~/server/session.server";
import { orWhenUnavailable } from "~/server/outage.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/forum";
import { MEMBER_TEMPLATE } from "~/lib/route-handle";

// Members see this page filled in from a template (app/lib/route-handle.ts says what that asks of it).
export const handle = MEMBER_TEMPLATE;

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) =>
  seo(siteUrlFrom(matches), {
    title: data && data.page > 1 ? `Community Forum (page ${data.page})` : "Community Forum",
    description: "Questions and answers from people living with rheumatoid arthritis: ask the community about pain relief, daily life and treatment experiences.",
    path: data && data.page > 1 ? `/forum?page=${data.page}` : "/forum",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const page = pageParam(request);
  // While the database is away the page still works, with an empty list.
  const unavailable = { questions: [], total: 0, page, pageCount: page, pageSize: 0 };
  const result = await orWhenUnavailable(() => forumPage(runtime, page), unavailable);
  // A page past the last is not found (not the last page again under another address).
  if (result.page !== page) throw data(null, { status: 404 });
  return {
    ...result,
    signedIn: Boolean(viewer),
    askInline: new URL(request.url).searchParams.get("ask") === "1",
    submissionKey: submissionKeyFor(context),
  };
}

const FAILED = "Failed to post your question";

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const form = await request.formData();
  const values = { title: String(form.get("title") ?? "").slice(0, 20_000), content: String(form.get("content") ?? "").slice(0, 20_000) };
  const viaDialog = form.get("via") === "dialog";
  if (!viewer) {
    return data({ ok: false, errors: { form: "Please sign in to ask a question." }, values, toast: { id: crypto.randomUUID(), title: FAILED, description: "Please sign in to ask a question.", variant: "destructive" as const } }, { status: 401 });
  }
  let result;
  try {
    result = await postQuestion(runtime, viewer.id, {
      title: form.get("title"),
      content: form.get("content"),
      submissionKey: form.get("submissionKey"),
      acknowledgePersonal: form.get("acknowledgePersonal") === "1",
    });
  } catch (error) {
    runtime.log.error({ err: error }, "posting a question failed");
    return data({ ok: false, errors: { form: FAILED }, values, toast: { id: crypto.randomUUID(), title: FAILED, variant: "destructive" as const } }, { status: 503 });
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
  const toast = { title: "Question posted!", description: "Your question has been shared with the community" };
  if (viaDialog) return { ok: true, errors: {}, values: { title: "", content: "" }, questionId: result.id, toast: { id: crypto.randomUUID(), ...toast } };
  return redirectWithToast("/forum", toast);
}

type ActionData = AskActionData;

// Members' Ask Question dialog (Radix Dialog) loads only for them.
const AskQuestionDialog = React.lazy(() => import("~/components/forum/ask-question-dialog"));

/** Until the dialog's code arrives, the button is the link to the form on the page. */
function AskQuestionButton({ submissionKey }: { submissionKey: string }) {
  const fallback = (
    <Link to="/forum?ask=1#ask" className={buttonVariants()}>
      <Plus aria-hidden="true" /> Ask Question
    </Link>
  );
  return (
    <React.Suspense fallback={fallback}>
      <AskQuestionDialog submissionKey={submissionKey} />
    </React.Suspense>
  );
}

/** The same form on the page itself, for browsers without JavaScript (/forum?ask=1). */
function AskQuestionInline({ submissionKey, result }: { submissionKey: string; result?: ActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/forum";
  return (
    <Card id="ask" className="mb-8">
      <CardContent className="pt-6">
        <h2 className="mb-4 text-xl font-semibold">Ask the community</h2>
        <Form method="post" action="/forum" className="grid gap-4">
          <PostFields kind="question" idPrefix="ask-inline" result={result} busy={busy} submissionKey={submissionKey} busyLabel="Posting..." submitLabel="Post Question" />
          <p className="text-sm text-muted-foreground">
            Please read our <Link to="/community-guidelines" className="underline">community guidelines</Link>.
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}

type ListedQuestion = Route.ComponentProps["loaderData"]["questions"][number];
type ListedAnswer = ListedQuestion["recentAnswers"][number];

function AnswerPreview({ answer }: { answer: ListedAnswer }) {
  return (
    <li className="rounded-md bg-muted px-3 py-2">
      <p className="line-clamp-2 whitespace-pre-line">{answer.content}</p>
      <p className="text-sm text-muted-foreground">
        <AuthorName name={answer.authorName} profile={answer.authorProfile} />
        {" · "}
        <RelativeTime date={answer.createdAt} />
      </p>
    </li>
  );
}

// Lucide's message-circle, as plain markup: twenty of them on a page, each rendered as it is
// rather than through the icon component.
const ANSWERS_ICON = (
  <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
    <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
  </svg>
);

/** "Ana Lopez" gives "AL", "Anonymous" "A": the author's mark beside each row. */
function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? "")
    .join("")
    .toUpperCase();
}

/**
 * One question as one row a regular can scan: the author's initials, the title, a one-line
 * excerpt, then answers, author, asked and last active. The first answers stay one click away
 * under "Recent Answers" instead of filling the list.
 */
function QuestionRow({ question }: { question: ListedQuestion }) {
  const n = question.answerCount;
  const href = `/forum/${question.id}`;
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 border-b py-3 last:border-b-0" data-question-row="">
      <span aria-hidden="true" className="mt-1 grid size-10 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
        {initials(question.authorName)}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <h2 className="text-lg font-semibold leading-snug">
          <Link to={href} className="hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring">
            {question.title}
          </Link>
        </h2>
        <p className="truncate text-muted-foreground" data-excerpt="">
          {question.content.replace(/\s+/g, " ")}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            {ANSWERS_ICON} {`${n} ${n === 1 ? "answer" : "answers"}`}
          </span>
          <span>
            <AuthorName name={question.authorName} profile={question.authorProfile} />
            {" · asked "}
            <RelativeTime date={question.createdAt} />
          </span>
          <span>
            {"last activity "}
            <RelativeTime date={question.lastActivityAt} />
          </span>
          <Link to={href} className="inline-flex min-h-11 items-center font-medium text-primary underline">
            {n ? "Read all answers" : "Be the first to answer"}
            <span className="sr-only">{`: ${question.title}`}</span>
          </Link>
        </p>
        {question.recentAnswers.length ? (
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
              Recent Answers<span className="sr-only">{` to ${question.title}`}</span>
            </summary>
            <ul className="grid gap-2">
              {question.recentAnswers.map((a) => (
                <AnswerPreview key={a.id} answer={a} />
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </li>
  );
}

export default function Forum({ loaderData, actionData }: Route.ComponentProps) {
  const { questions, page, pageCount, signedIn, askInline, submissionKey } = loaderData;
  const inlineResult = actionData as ActionData | undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Community Forum</h1>
          <p className="mt-1 text-muted-foreground">Ask questions and share what helps you.</p>
        </div>
        {signedIn ? (
          <AskQuestionButton submissionKey={submissionKey} />
        ) : (
          <Link to="/auth?redirectTo=%2Fforum" className={buttonVariants({ variant: "outline" })}>
            Sign in to ask questions
          </Link>
        )}
      </div>
      {signedIn && (askInline || inlineResult) ? <AskQuestionInline submissionKey={submissionKey} result={inlineResult} /> : null}
      {questions.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center">
            <h2 className="text-xl font-semibold">No questions yet</h2>
            <p className="mt-2 text-muted-foreground">Be the first to start a conversation.</p>
          </CardContent>
        </Card>
      ) : (
        <ol className="rounded-xl border bg-card px-4 text-card-foreground" aria-label="Questions, newest first">
          {questions.map((q) => (
            <QuestionRow key={q.id} question={q} />
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} basePath="/forum" label="Forum pages" />
    </div>
  );
}
