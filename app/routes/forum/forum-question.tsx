import { AuthorName } from "~/components/author-name";
import { HelpNowLink } from "~/components/crisis-resources";
import { StaffRole } from "~/components/staff-role";
import { AnswerForm } from "~/components/forum/answer-form";
import { AnswerItem } from "~/components/forum/answer-item";
import { ReportForm } from "~/components/forum/report-form";
import { ACTION_SEPARATOR } from "~/components/forum/quiet-action";
import { PostBody } from "~/components/post-body";
import { textOfHtml } from "~/lib/html-text";
import { qaPageJsonLd } from "~/lib/qa-page-json-ld";
import { data, Link, redirect } from "react-router";
import { FocusOnArrival, ToAnswerBox } from "~/components/forum/answer-focus";
import { FormAlert } from "~/components/form-field";
import { topicPath } from "~/components/forum/question-list";
import { RelativeTime } from "~/components/relative-time";
import { buttonVariants } from "~/components/ui/button";
import { seo, siteUrlFrom } from "~/lib/seo";
import { useActionToast } from "~/lib/use-action-toast";
import { runtimeContext } from "~/server/context";
import { ForbiddenError, NotFoundError, OwnAnswerError } from "~/server/forum/forum.server";
import { questionPage, topicList } from "~/server/site/site.server";
import { seenBy, viewerMarks } from "~/server/forum/forum.server";
import { mutedAmong } from "~/server/members/members.server";
import { MutedFold } from "~/components/forum/muted-fold";
import { RateLimitedError } from "~/server/infra/rate-limit.server";
import { databaseAway, getViewer } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/forum-question";
import { isModerator, QUESTION_INTENTS, toastOf } from "./forum-question.server";
import { HIDDEN_POST, HiddenNote, ModeratorControls, OwnerControls, TopicControl, FollowButton, type ActionData } from "~/components/forum/question-controls";
import { publicPage } from "~/lib/public-page";
import { NewAnswers } from "~/components/live/new-answers";
import { draftFor, draftsForTargets, type DraftKey } from "~/server/drafts/drafts.server";
import { rowIdField } from "~/lib/validation";
import { SilencedNotice } from "~/components/forum/silenced-notice";
import { HiddenFromOthers } from "~/components/forum/hidden-from-others";
import { draftFormAction, draftIntentOf, shownDraft } from "../account/draft-forms.server";

/** "/forum/12" or "/forum/12-some-words": the id is the leading number. */
export function parseQuestionId(param: string | undefined) {
  const match = /^(\d{1,9})(?:-[a-z0-9-]{0,120})?$/.exec(param ?? "");
  return match ? Number(match[1]) : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseQuestionId(params.questionId);
  if (!id) throw data(null, { status: 404 });
  // A form's answer while the database is away: the page cannot be read either ("Temporarily unavailable").
  if (databaseAway(context)) throw data(null, { status: 503 });
  const viewer = getViewer(context);
  const moderator = isModerator(viewer?.role);
  // Members' pages are their own (never stored): read with hidden posts, they keep only their own.
  const question = seenBy(await questionPage(context.get(runtimeContext), id, moderator || viewer !== null), viewer?.id ?? null, moderator);
  if (!question) throw data(null, { status: 404 });
  // One address per question: "/forum/12-any-words" or "/forum/012" is sent to "/forum/12", so
  // that variants cost neither a render nor a place in the page cache.
  if (params.questionId !== String(id)) throw redirect(`/forum/${id}`, 301);
  const viewerId = viewer?.id ?? null;
  // Posts by members this member muted are folded on their page (one statement, members only).
  const muted = viewerId ? await mutedAmong(context.get(runtimeContext).db, viewerId, [question.authorId, ...question.answers.map((a) => a.authorId)]) : null;
  const mutedBy = (authorId: string | null) => authorId !== null && muted !== null && muted.has(authorId);
  // Whether this member follows the question and which answers they marked helpful: one statement.
  const marks = viewerId
    ? await viewerMarks(context.get(runtimeContext).db, id, viewerId)
    : { following: false, helpful: [], unread: false, silencedUntil: null };
  const markedByViewer = new Set(marks.helpful);
  // Readers get whether each post is their own, never who wrote it: an author's internal id
  // would tie one member's 'Anonymous' posts together.
  const isMine = (authorId: string | null) => authorId !== null && authorId === viewerId;
  // The text as typed goes only to its author (for the edit form); everyone gets the rendered HTML.
  const { authorId, answers, content, helpedMostAnswerId, ...shown } = question;
  // The answer that helped the asker most comes first, while readers can see it.
  const chosen = answers.find((a) => a.id === helpedMostAnswerId && !a.hidden);
  const ordered = chosen ? [chosen, ...answers.filter((a) => a !== chosen)] : answers;
  // Its asker and moderators may file it under another topic: only their pages carry the list.
  const canChangeTopic = isMine(authorId) || (moderator && viewerId !== null);
  const topics = canChangeTopic ? (await topicList(context.get(runtimeContext))).map((t) => ({ id: t.id, name: t.name, slug: t.slug })) : [];
  // The member's unfinished edits of what they wrote here: their editors open with them.
  const runtime = context.get(runtimeContext);
  const questionEdit = viewerId && isMine(authorId) ? await draftFor(runtime, viewerId, { kind: "edit-question", targetId: id }) : null;
  const ownAnswers = answers.filter((a) => isMine(a.authorId)).map((a) => a.id);
  const answerEdits = viewerId ? await draftsForTargets(runtime, viewerId, "edit-answer", ownAnswers) : new Map<number, never>();
  return {
    question: {
      ...shown,
      isMine: isMine(authorId),
      muted: mutedBy(authorId),
      content: isMine(authorId) ? content : "",
      editDraft: shownDraft(questionEdit),
      // Others' answers keep a question, others' marks an answer: the owner is told before trying.
      deletable: answers.every((a) => a.authorId === authorId),
      answers: ordered.map(({ authorId: by, content: text, ...answer }) => ({
        ...answer,
        isMine: isMine(by),
        muted: mutedBy(by),
        content: isMine(by) ? text : "",
        editDraft: shownDraft(answerEdits.get(answer.id) ?? null),
        deletable: answer.helpfulCount === 0 && answer.id !== helpedMostAnswerId,
        helpful: markedByViewer.has(answer.id),
        helpedMost: answer.id === chosen?.id,
      })),
    },
    signedIn: viewerId !== null,
    displayName: viewer?.displayName ?? null,
    following: marks.following,
    unreadHere: marks.unread,
    silencedUntil: marks.silencedUntil,
    moderator,
    canChangeTopic,
    topics,
    submissionKey: crypto.randomUUID(),
    // The member's unfinished answer: this page is theirs alone then, never stored for others.
    memberId: viewerId,
    answerDraft: viewerId ? shownDraft(await draftFor(context.get(runtimeContext), viewerId, { kind: "answer", targetId: id })) : null,
  };
}

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) return seo(siteUrl, { title: "Question not found", noindex: true });
  const q = loaderData.question;
  const shown = q.answers.filter((a) => !a.hidden);
  return seo(siteUrl, {
    title: q.title,
    description: textOfHtml(q.contentHtml).slice(0, 160),
    path: `/forum/${q.id}`,
    type: "article",
    jsonLd: qaPageJsonLd(siteUrl, {
      id: q.id,
      title: q.title,
      contentText: textOfHtml(q.contentHtml),
      authorName: q.authorName,
      createdAt: q.createdAt,
      answers: shown.map((a) => ({
        id: a.id,
        contentText: textOfHtml(a.contentHtml),
        authorName: a.authorName,
        createdAt: a.createdAt,
        helpfulCount: a.helpfulCount,
      })),
      acceptedId: shown.find((a) => a.helpedMost)?.id ?? null,
    }),
  });
};

const UNAVAILABLE = "Temporarily unavailable: the site cannot reach its database. What you wrote is still here; please try again in a moment.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseQuestionId(params.questionId);
  if (!id) throw data(null, { status: 404 });
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const form = await request.formData();
  const draftIntent = draftIntentOf(form);
  const intent = draftIntent ?? String(form.get("intent") ?? "");
  if (databaseAway(context)) {
    // What was typed comes back in the form; nothing was stored.
    const values = { content: String(form.get("content") ?? "").slice(0, 20_000) };
    const what = intent === "answer" ? "Failed to post your answer" : "Failed to save";
    return data({ intent, ok: false, errors: { form: `${what}. ${UNAVAILABLE}` }, values, toast: toastOf(what, UNAVAILABLE, "destructive") }, { status: 503 });
  }
  if (!viewer) {
    return data(
      { intent, ok: false, errors: { form: "Please sign in first." }, toast: toastOf("Please sign in first", undefined, "destructive") },
      { status: 401 },
    );
  }
  if (draftIntent) {
    // Which form's draft: the answer box's, or the member's edit of the question or of an answer.
    const sent = form.getAll("intent");
    const answerId = rowIdField.safeParse(form.get("answerId")).data;
    let key: DraftKey = { kind: "answer", targetId: id };
    let back = `/forum/${id}#your-answer`;
    if (sent.includes("edit-question")) [key, back] = [{ kind: "edit-question", targetId: id }, `/forum/${id}#question`];
    else if (sent.includes("edit-answer")) {
      if (!answerId) return data({ intent, ok: false, errors: { form: "That answer could not be found." } }, { status: 400 });
      [key, back] = [{ kind: "edit-answer", targetId: answerId }, `/forum/${id}#answer-${answerId}`];
    }
    return draftFormAction({ runtime, memberId: viewer.id, key, intent: draftIntent, form, back });
  }
  const handle = Object.hasOwn(QUESTION_INTENTS, intent) ? QUESTION_INTENTS[intent] : null;
  if (!handle) return data({ intent, ok: false, errors: { form: "Unknown action" } }, { status: 400 });
  try {
    return await handle({ runtime, viewer, id, back: `/forum/${id}`, intent, form });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    if (error instanceof OwnAnswerError) return data({ intent, ok: false, errors: { form: "You cannot mark your own answer." } }, { status: 400 });
    if (error instanceof ForbiddenError) return data({ intent, ok: false, errors: { form: "You can only change what you wrote." } }, { status: 403 });
    if (error instanceof RateLimitedError) {
      return data(
        { intent, ok: false, errors: { form: error.message }, toast: toastOf("Please slow down", error.message, "destructive") },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}

export default function QuestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { question, signedIn, displayName, following, unreadHere, moderator, canChangeTopic, topics, submissionKey } = loaderData;
  const result = actionData as ActionData | undefined;
  useActionToast(result);
  const n = question.answers.filter((a) => !a.hidden).length;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <nav aria-label="Breadcrumb">
        <Link to="/forum" className="inline-flex min-h-11 items-center underline">
          ← Back to the forum
        </Link>
      </nav>
      <FocusOnArrival />
      <article id="question" className={question.hidden ? `grid gap-3 p-4 ${HIDDEN_POST}` : "grid gap-3"} data-hidden-post={question.hidden ? "" : undefined}>
        {question.hidden && question.isMine ? (
          <HiddenFromOthers targetType="question" targetId={question.id} reason={question.hiddenReason} lookAsked={question.lookAsked} held={question.held} />
        ) : question.hidden ? (
          <HiddenNote what="question" />
        ) : null}
        {/* Focused on arrival after asking (forum/answer-focus.tsx): what was posted, its title first. */}
        <h1 id="question-title" tabIndex={-1} className="wrap-anywhere text-3xl font-bold">
          {question.title}
        </h1>
        <p className="text-muted-foreground">
          Asked by <AuthorName name={question.authorName} profile={question.authorProfile} />
          <StaffRole role={question.authorRole} /> · <RelativeTime date={question.createdAt} />
          {question.updatedAt !== question.createdAt ? " · edited" : null}
        </p>
        {/* Straight to the answer box, past every answer and its buttons. */}
        {question.hidden ? null : <ToAnswerBox signedIn={signedIn} />}
        {question.topic ? (
          <p>
            {"Topic: "}
            <Link to={topicPath(question.topic.slug)} className="inline-flex min-h-11 min-w-11 items-center font-medium underline" data-topic="">
              {question.topic.name}
            </Link>
          </p>
        ) : null}
        <MutedFold muted={question.muted} name={question.authorName}>
          <PostBody html={question.contentHtml} className="text-lg" />
        </MutedFold>
        {result?.errors?.form && result.intent !== "answer" && !result.draftKey ? <FormAlert title="Error">{result.errors.form}</FormAlert> : null}
        {signedIn ? (
          // Follow first: a disclosure opened after it (Report, Edit) takes a line of its own below.
          // The quieter actions follow a line, a moderator's Hide last.
          <div className="flex flex-wrap items-start gap-2">
            {/* Hidden content cannot be followed or reported: a moderator sees Restore instead. */}
            {question.hidden ? null : <FollowButton following={following} />}
            {question.hidden ? null : <span aria-hidden="true" className={ACTION_SEPARATOR} />}
            {canChangeTopic ? <TopicControl questionId={question.id} topics={topics} current={question.topic?.slug ?? null} result={result} /> : null}
            {question.isMine ? (
              <OwnerControls
                kind="question"
                id={question.id}
                title={question.title}
                content={question.content}
                memberId={loaderData.memberId}
                draft={question.editDraft}
                deletable={question.deletable}
                hidden={question.hidden}
                result={result}
              />
            ) : null}
            {/* Its asker may report it too once it cannot be deleted: to ask a moderator to hide it. */}
            {question.hidden || (question.isMine && question.deletable) ? null : <ReportForm targetType="question" targetId={question.id} result={result} />}
            {moderator ? <ModeratorControls targetType="question" targetId={question.id} hidden={question.hidden} /> : null}
          </div>
        ) : null}
      </article>
      <section aria-labelledby="answers-heading" className="grid gap-4">
        <h2 id="answers-heading" className="text-2xl font-semibold">
          {n} {n === 1 ? "Answer" : "Answers"}
        </h2>
        <NewAnswers questionId={question.id} shownIds={question.answers.map((a) => a.id)} unreadHere={unreadHere} />
        {n === 0 ? <p className="text-muted-foreground">{question.isMine ? "No answers yet." : "No answers yet. Share what has helped you."}</p> : null}
        <ol className="grid gap-3">
          {question.answers.map((a) => (
            <AnswerItem
              key={a.id}
              answer={a}
              signedIn={signedIn}
              asker={question.isMine}
              moderator={moderator}
              result={result}
              memberId={loaderData.memberId}
            />
          ))}
        </ol>
      </section>
      <section aria-labelledby="your-answer" className="grid gap-3">
        <h2 id="your-answer" className="text-2xl font-semibold">
          Add an answer
        </h2>
        {loaderData.silencedUntil ? <SilencedNotice until={loaderData.silencedUntil} /> : null}
        {signedIn ? (
          <AnswerForm
            questionId={question.id}
            submissionKey={submissionKey}
            displayName={displayName}
            memberId={loaderData.memberId}
            saved={loaderData.answerDraft}
            pageResult={result?.intent === "answer" || (result?.intent === "save-draft" && result.draftKey?.kind === "answer") ? result : undefined}
          />
        ) : null}
        {signedIn ? (
          <p className="text-sm text-muted-foreground">
            This forum is not a substitute for medical advice. <HelpNowLink />
          </p>
        ) : (
          <p>
            <Link to={`/auth?redirectTo=${encodeURIComponent(`/forum/${question.id}`)}`} className={buttonVariants({ variant: "outline" })}>
              Sign in to answer
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
