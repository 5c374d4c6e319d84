// A member's own story while it waits for review: see it as readers will, change it (previewing
// the change first if they like), or withdraw it. An editor may return it with a note, shown here
// until the member saves a new version. Once published it is the editors', and this page is not found.
import * as React from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { DraftControls } from "~/components/drafts/draft-controls";
import { useDraft } from "~/components/drafts/use-draft";
import type { ShownDraft } from "~/lib/draft-kinds";
import { draftFor } from "~/server/drafts/drafts.server";
import { draftFormAction, draftIntentOf, shownDraft } from "./draft-forms.server";
import { FormAlert, TextAreaField, TextField } from "~/components/form-field";
import { PostPreview } from "~/components/post-editor";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LIMITS } from "~/lib/limits";
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import { seo, siteUrlFrom } from "~/lib/seo";
import { fieldErrors, storySchema } from "~/lib/validation";
import { postingRefusal } from "~/server/members/members.server";
import { silenceOf } from "~/lib/standing";
import { SilencedNotice } from "~/components/forum/silenced-notice";
import { getPendingStory, updatePendingStory, withdrawPendingStory } from "~/server/blog/blog.server";
import { runtimeContext } from "~/server/context";
import { previewHtml } from "~/server/blog/blog.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import { requireUser } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/account-story";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Your story", noindex: true });

function storyId(param: string | undefined) {
  return /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const id = storyId(params.postId);
  const story = id ? await getPendingStory(context.get(runtimeContext).db, viewer.id, id) : null;
  if (!story) throw data(null, { status: 404 });
  // The text as typed fills the edit field; the preview is the server's rendering of it. An
  // unfinished new version (the member's draft) fills it instead, until saved or discarded.
  const draft = shownDraft(await draftFor(context.get(runtimeContext), viewer.id, { kind: "story-version", targetId: story.id }));
  // Until when a moderator paused their posting, said above the form before they type.
  return { story, memberId: viewer.id, draft, silencedUntil: silenceOf(viewer) };
}

type Errors = Record<string, string | undefined>;

const SAVES_LIMITED = "You have saved or previewed your story many times in a short time. Please wait a few minutes and save again: your text is below.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const runtime = context.get(runtimeContext);
  const { db } = runtime;
  const id = storyId(params.postId);
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData();
  const draftIntent = draftIntentOf(form);
  if (draftIntent) {
    if (!(await getPendingStory(db, viewer.id, id))) throw data(null, { status: 404 });
    const key = { kind: "story-version", targetId: id } as const;
    return draftFormAction({ runtime, memberId: viewer.id, key, intent: draftIntent, form, back: `/account/stories/${id}#story-content` });
  }
  const intent = String(form.get("intent") ?? "save");
  const values = { title: String(form.get("title") ?? "").slice(0, 1000), content: String(form.get("content") ?? "").slice(0, 60_000) };
  const gone = (errors: Errors) => data({ intent, errors, values, confirmWithdraw: false, preview: null }, { status: 409 });
  const stillPending = async () => Boolean(await getPendingStory(db, viewer.id, id));

  if (intent === "withdraw-ask") {
    if (!(await stillPending())) throw data(null, { status: 404 });
    return { intent, errors: {} as Errors, values, confirmWithdraw: true, preview: null };
  }
  if (intent === "withdraw") {
    if (!(await withdrawPendingStory(db, viewer.id, id))) {
      return gone({ form: "This story is no longer waiting for review: an editor may have published it. Nothing was withdrawn." });
    }
    return redirectWithToast("/account", { title: "Story withdrawn", description: "It has been deleted and will not be reviewed." });
  }
  const parsed = storySchema.safeParse({ title: form.get("title"), content: form.get("content") });
  if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error) as Errors, values, confirmWithdraw: false, preview: null }, { status: 400 });
  if (intent === "preview") {
    if (!(await stillPending()))
      return gone({
        form: "This story is no longer waiting for review: an editor may have published it, so it can no longer be changed here. Your text is below.",
      });
    const preview = await previewHtml(runtime.limiter, viewer.id, parsed.data.content);
    if (!preview.ok) return data({ intent, errors: { content: preview.message } as Errors, values, confirmWithdraw: false, preview: null }, { status: 429 });
    return { intent, errors: {} as Errors, values, confirmWithdraw: false, preview: { title: parsed.data.title, html: preview.html } };
  }
  const refusal = await postingRefusal(db, viewer.id);
  if (refusal) return data({ intent, errors: { form: refusal } as Errors, values, confirmWithdraw: false, preview: null }, { status: 403 });
  let saved;
  try {
    // Saving renders the text as a preview does, from the same allowance.
    saved = await updatePendingStory(runtime, viewer.id, id, parsed.data, () => runtime.limiter.consume("preview", viewer.id));
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    return data({ intent, errors: { form: SAVES_LIMITED } as Errors, values, confirmWithdraw: false, preview: null }, { status: 429 });
  }
  if (!saved) {
    // The text stays in the form, so nothing the member wrote is lost.
    return gone({
      form: "This story is no longer waiting for review: an editor may have published it, so it can no longer be changed here. Your text is below.",
    });
  }
  // Back to the story's own line on the account page, where it says it waits for review again.
  return redirectWithToast(`/account#story-${id}`, { title: "Story saved", description: "An editor will review the new version." });
}

type Result = {
  intent?: string;
  errors?: Errors;
  values?: { title: string; content: string };
  confirmWithdraw?: boolean;
  preview?: { title: string; html: string } | null;
  draftConflict?: { current: ShownDraft | null };
};

export default function AccountStory({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  const result = useActionData<typeof action>() as Result | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  const typed = result && result.intent !== "withdraw-ask" && result.intent !== "withdraw" ? result.values : undefined;
  // The new version is kept as the member's draft while they type (components/drafts).
  const draft = useDraft({
    kind: "story-version",
    targetId: story.id,
    memberId: loaderData.memberId,
    saved: loaderData.draft,
    typed: typed && { title: typed.title, body: typed.content },
    original: { title: story.title, body: story.content },
  });
  const { resume } = draft;
  // A preview, or a save refused, leaves the text in the form: saving it as a draft goes on.
  React.useEffect(() => {
    if (result) resume();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const values = draft.values();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <Link to="/account" className="inline-flex min-h-11 w-fit items-center underline">
          Back to your account
        </Link>
        <h1 className="text-3xl font-bold">Your story</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <Badge variant="secondary">{story.returnedNote ? "Returned with a note" : "Waiting for review"}</Badge>
          <span>
            Shared <RelativeTime date={story.createdAt} />
          </span>
        </p>
      </div>

      {story.returnedNote ? (
        <section aria-labelledby="returned-note" className="grid gap-2 rounded-md border-2 border-primary p-4">
          <h2 id="returned-note" className="font-semibold">
            Returned by the editors with a note:
          </h2>
          <p className="whitespace-pre-wrap wrap-anywhere">{story.returnedNote}</p>
          <p className="text-sm text-muted-foreground">Change your story below and save it to send it back for review.</p>
        </section>
      ) : null}

      {result?.preview ? (
        <PostPreview title={result.preview.title} html={result.preview.html} label="Preview of your changes (not saved yet)" />
      ) : (
        <PostPreview title={story.title} html={story.contentHtml} label="As readers will see it" />
      )}

      <Card>
        <CardHeader>
          <CardTitle>Edit your story</CardTitle>
          <CardDescription>An editor reads the newest version before it appears on the blog.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form key={draft.generation} method="post" className="grid gap-4" onInput={draft.onInput} onSubmitCapture={draft.onSubmitCapture}>
            {errors.form ? <FormAlert title="Error">{errors.form}</FormAlert> : null}
            {loaderData.silencedUntil ? <SilencedNotice until={loaderData.silencedUntil} /> : null}
            <TextField id="story-title" label="Title" name="title" required maxLength={LIMITS.titleMax} defaultValue={values.title} error={errors.title} />
            <TextAreaField
              id="story-content"
              label="Your story"
              name="content"
              required
              maxLength={LIMITS.storyMax}
              rows={10}
              defaultValue={values.content}
              error={errors.content}
              hint={FORMATTING_HINT}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
                Preview changes
              </Button>
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {busy ? "Saving..." : "Save changes"}
              </Button>
            </div>
            <DraftControls draft={draft} idPrefix="story-version" conflict={result?.draftConflict?.current} />
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Withdraw your story</CardTitle>
          <CardDescription>Withdrawing deletes the story; it will not be reviewed or published.</CardDescription>
        </CardHeader>
        <CardContent>
          {result?.confirmWithdraw ? (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="withdraw" />
              <p role="alert" className="font-medium">
                Withdraw and delete "{story.title}"? This cannot be undone.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="destructive" disabled={busy}>
                  Yes, withdraw it
                </Button>
                <Link to={`/account/stories/${story.id}`} className={buttonVariants({ variant: "outline" })}>
                  Keep it
                </Link>
              </div>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw-ask" />
              <Button type="submit" variant="outline" disabled={busy}>
                Withdraw story
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
