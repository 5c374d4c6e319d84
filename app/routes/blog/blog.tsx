import { Form, Link, data, useActionData, useNavigation } from "react-router";
import { FormAlert, TextAreaField, TextField } from "~/components/form-field";
import { Pagination } from "~/components/pagination";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { CardLink } from "~/components/card-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FEATURED_GUIDES, preview } from "~/lib/featured";
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import { seo, siteUrlFrom } from "~/lib/seo";
import { LIMITS } from "~/lib/limits";
import { fieldErrors, storySchema } from "~/lib/validation";
import { orWhenUnavailable } from "~/server/outage.server";
import { COMMUNITY_AUTHOR, createPost } from "~/server/blog/blog.server";
import { postingRefusal } from "~/server/members/members.server";
import { silenceOf } from "~/lib/standing";
import { SilencedNotice } from "~/components/forum/silenced-notice";
import { blogPage } from "~/server/site/site.server";
import { runtimeContext } from "~/server/context";
import { allGuides, getGuide } from "~/server/guides/guides.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import { RateLimitedError } from "~/server/infra/rate-limit.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/blog";
import { publicPage } from "~/lib/public-page";
import { isPageNumber, pageNumberOf, pageQuery, type PageHandle } from "~/lib/page-query";
import { DraftControls } from "~/components/drafts/draft-controls";
import { useDraft } from "~/components/drafts/use-draft";
import type { ShownDraft } from "~/lib/draft-kinds";
import { draftFor } from "~/server/drafts/drafts.server";
import { draftFormAction, draftIntentOf, shownDraft } from "../account/draft-forms.server";

export const BLOG_CARD_PREVIEW = 150;

export const headers = publicPage;
export const handle: PageHandle = { query: { page: isPageNumber } };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(siteUrlFrom(matches), {
    title: loaderData && loaderData.page > 1 ? `Blog (page ${loaderData.page})` : "Blog: guides and community stories",
    description: "Guides to rheumatoid arthritis pain relief and topical capsaicin, and real stories from members of the RA community.",
    path: loaderData && loaderData.page > 1 ? `/blog?page=${loaderData.page}` : "/blog",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const featured = FEATURED_GUIDES.map(({ badge, slug }) => {
    const guide = getGuide(slug);
    return { badge, slug, title: guide?.title ?? slug, description: guide?.description ?? "" };
  });
  // The other guides, so that all ten are one tap away from the blog.
  const featuredSlugs = new Set<string>(FEATURED_GUIDES.map((g) => g.slug));
  const moreGuides = [...allGuides().values()].filter((g) => !featuredSlugs.has(g.slug)).map((g) => ({ slug: g.slug, title: g.title }));
  const requested = pageNumberOf(pageQuery(request.url, handle.query));
  // While the database is away the page still works, with an empty list.
  const { posts, page, pageCount } = await orWhenUnavailable(context, () => blogPage(runtime, requested), {
    posts: [],
    total: 0,
    page: requested,
    pageCount: requested,
  });
  // A page past the last is not found (not the last page again under another address).
  if (page !== requested) throw data(null, { status: 404 });
  return {
    featured,
    moreGuides,
    stories: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      // A card shows the story's words without its Markdown marks.
      excerpt: p.excerpt?.trim() ? p.excerpt : preview(postPlainText(p.content), BLOG_CARD_PREVIEW),
      author: p.authorName ?? COMMUNITY_AUTHOR,
      createdAt: p.createdAt,
    })),
    page,
    pageCount,
    signedIn: Boolean(viewer),
    // The member's unfinished story: this page is theirs alone then, never stored for others.
    memberId: viewer?.id ?? null,
    storyDraft: viewer ? await orWhenUnavailable(context, async () => shownDraft(await draftFor(runtime, viewer.id, STORY_DRAFT)), null) : null,
    // Until when a moderator paused their posting, said above the form before they type.
    silencedUntil: silenceOf(viewer),
  };
}

const STORY_DRAFT = { kind: "story", targetId: 0 } as const;

/** A member shares a story; it waits, unpublished, until an editor publishes it. */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = getViewer(context);
  const form = await request.formData();
  const values = { title: String(form.get("title") ?? "").slice(0, 1000), content: String(form.get("content") ?? "").slice(0, 60_000) };
  if (!viewer) return data({ errors: { form: "Please sign in to share your story." } as Record<string, string | undefined>, values }, { status: 401 });
  const draftIntent = draftIntentOf(form);
  if (draftIntent) return draftFormAction({ runtime, memberId: viewer.id, key: STORY_DRAFT, intent: draftIntent, form, back: "/blog#share-story" });
  const parsed = storySchema.safeParse({ title: form.get("title"), content: form.get("content") });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  // A silenced member keeps their text in the form and is told until when; nothing is stored.
  const refusal = await postingRefusal(runtime.db, viewer.id);
  if (refusal) return data({ errors: { form: refusal } as Record<string, string | undefined>, values }, { status: 403 });
  try {
    await runtime.limiter.consume("story", viewer.id);
  } catch (error) {
    if (error instanceof RateLimitedError)
      return data(
        { errors: { form: error.message } as Record<string, string | undefined>, values },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    throw error;
  }
  const story = await createPost(runtime, {
    title: parsed.data.title,
    content: parsed.data.content,
    authorId: viewer.id,
    published: false,
    endsStoryDraft: true,
  });
  // The member lands on their story's line among their stories, not at the top of the page.
  return redirectWithToast(`/account#story-${story.id}`, {
    title: "Thank you for sharing your story!",
    description: "An editor will review it before it appears on the blog.",
  });
}

function ShareStory({ memberId, saved, silencedUntil }: { memberId: string | null; saved: ShownDraft | null; silencedUntil: string | null }) {
  const result = useActionData<typeof action>() as
    { errors: Record<string, string | undefined>; values: { title: string; content: string }; draftConflict?: { current: ShownDraft | null } } | undefined;
  const busy = useNavigation().state === "submitting";
  const typed = result?.values;
  const draft = useDraft({ kind: "story", targetId: 0, memberId, saved, typed: typed && { title: typed.title, body: typed.content } });
  const values = draft.values();
  return (
    <Card id="share-story">
      <CardHeader>
        <CardTitle>Share your story</CardTitle>
        <CardDescription>Tell the community what living with RA is like for you. An editor reads every story before it is published.</CardDescription>
        <p>
          <Link to="/community-guidelines#stories" className="inline-flex min-h-11 items-center text-link underline underline-offset-4 focus-ring">
            What editors look for in a story
          </Link>
        </p>
      </CardHeader>
      <CardContent>
        <Form key={draft.generation} method="post" className="grid gap-4" onInput={draft.onInput} onSubmitCapture={draft.onSubmitCapture}>
          {result?.errors.form ? <FormAlert title="Error">{result.errors.form}</FormAlert> : null}
          {silencedUntil ? <SilencedNotice until={silencedUntil} /> : null}
          <TextField
            id="story-title"
            label="Title"
            name="title"
            required
            maxLength={LIMITS.titleMax}
            defaultValue={values.title}
            error={result?.errors.title}
          />
          <TextAreaField
            id="story-content"
            label="Your story"
            name="content"
            required
            maxLength={LIMITS.storyMax}
            rows={8}
            defaultValue={values.content}
            error={result?.errors.content}
            hint={FORMATTING_HINT}
          />
          <Button type="submit" disabled={busy} className="w-fit">
            {busy ? "Sending..." : "Send for review"}
          </Button>
          <DraftControls draft={draft} idPrefix="story" conflict={result?.draftConflict?.current} />
        </Form>
      </CardContent>
    </Card>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { featured, moreGuides, stories, page, pageCount, signedIn, memberId, storyDraft, silencedUntil } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10">
      <header className="grid justify-items-start gap-3">
        <h1 className="text-3xl font-bold">Blog</h1>
        <p className="text-lg text-muted-foreground">Guides to living with rheumatoid arthritis, and stories from our community.</p>
        {/* The form is below every card: on a phone that is screens away, so the way to it is here. */}
        <a href="#share-story" className={buttonVariants({ variant: "outline" })}>
          Share your story
        </a>
      </header>

      {page === 1 ? (
        <section aria-labelledby="featured-title" className="grid gap-4">
          <h2 id="featured-title" className="text-2xl font-bold">
            Featured guides
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((g) => (
              <li key={g.slug}>
                <Card className="relative h-full">
                  <CardContent className="grid gap-3 pt-6">
                    <Badge className="w-fit">{g.badge}</Badge>
                    <h3 className="text-lg font-semibold leading-snug">
                      <CardLink to={`/blog/${g.slug}`}>{g.title}</CardLink>
                    </h3>
                    <p className="text-muted-foreground">{g.description}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <h3 id="more-guides-title" className="mt-4 text-lg font-semibold">
            More guides
          </h3>
          <ul aria-labelledby="more-guides-title" className="grid gap-1 sm:grid-cols-2">
            {moreGuides.map((g) => (
              <li key={g.slug}>
                <Link to={`/blog/${g.slug}`} className="inline-flex min-h-11 items-center py-1 font-medium text-link underline underline-offset-4">
                  {g.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {stories.length > 0 ? (
        <section aria-labelledby="stories-title" className="grid gap-4">
          <h2 id="stories-title" className="text-2xl font-bold">
            Community Stories
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {stories.map((s) => (
              <li key={s.id}>
                <Card className="relative h-full">
                  <CardContent className="grid gap-2 pt-6">
                    <Badge variant="secondary" className="w-fit">
                      Community
                    </Badge>
                    <h3 className="text-lg font-semibold leading-snug">
                      <CardLink to={`/article/${s.slug}`} className="wrap-anywhere">
                        {s.title}
                      </CardLink>
                    </h3>
                    <p className="wrap-anywhere text-muted-foreground">{s.excerpt}</p>
                    <p className="text-sm text-muted-foreground">
                      {s.author} · <RelativeTime date={s.createdAt} />
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} basePath="/blog" label="Blog pages" />
        </section>
      ) : null}

      {signedIn ? (
        <ShareStory memberId={memberId} saved={storyDraft} silencedUntil={silencedUntil} />
      ) : (
        <p id="share-story">
          <Link to="/auth?redirectTo=%2Fblog%23share-story" className={buttonVariants({ variant: "outline" })}>
            Sign in to share your story
          </Link>
        </p>
      )}
    </div>
  );
}
