import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { ReturnStoryForm } from "~/components/admin/return-story-form";
import { AuthorName } from "~/components/author-name";
import { PostEditor, PostPreview } from "~/components/post-editor";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/form-field";
import { seo, siteUrlFrom } from "~/lib/seo";
import { fieldErrors, postFormValues, postSchema, returnNoteSchema } from "~/lib/validation";
import { COMMUNITY_AUTHOR, getPostById, setPublished, SlugTakenError, updatePost } from "~/server/blog/blog.server";
import { runtimeContext } from "~/server/context";
import { previewHtml } from "~/server/blog/blog.server";
import { requireRole } from "~/server/accounts/accounts.server";
import { declinePost, publishPost, returnStory, storyVersion } from "~/server/blog/blog.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/admin-post-edit";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Edit post", noindex: true });

function postId(param: string | undefined) {
  return /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const editor = requireRole(request, context, "admin");
  const id = postId(params.postId);
  const post = id ? await getPostById(context.get(runtimeContext).db, id) : null;
  if (!post) throw data(null, { status: 404 });
  // The text as typed fills the form; the editor reviews it as readers will see it.
  const { title, slug, content, published, contentHtml, returnedNote, authorId } = post;
  return {
    // The text the editor reads now: Publish carries it, and publishes nothing else.
    post: { id: post.id, title, slug, excerpt: post.excerpt ?? "", content, published, contentHtml, returnedNote, version: storyVersion(post) },
    // Who wrote it; a member's story (not the editor's own) can go back to them with a note.
    author: authorId ? { name: post.authorName ?? COMMUNITY_AUTHOR, profile: post.authorProfile, canReturn: !published && authorId !== editor.id } : null,
  };
}

const STALE_STORY = "This story changed since you opened it, so it was not published. Its new text is shown below: read it, then publish again if it is fine.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const editor = requireRole(request, context, "admin");
  const runtime = context.get(runtimeContext);
  const id = postId(params.postId);
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent === "return") {
    const note = String(form.get("note") ?? "").slice(0, 10_000);
    const parsed = returnNoteSchema.safeParse({ note: form.get("note") });
    if (!parsed.success) return data({ values: null, errors: {}, preview: null, returnNote: { note, error: fieldErrors(parsed.error).note } }, { status: 400 });
    if (!(await returnStory(runtime, id, editor.id, parsed.data.note))) {
      return data(
        { values: null, errors: {}, preview: null, returnNote: { note, error: "Only a member's story that is not published can be returned." } },
        { status: 409 },
      );
    }
    return redirectWithToast(`/admin/posts/${id}`, { title: "Story returned", description: "Its author has been told and can change it." });
  }
  if (intent === "publish") {
    const version = form.get("version");
    const row = await publishPost(runtime, id, editor.id, typeof version === "string" ? version : undefined);
    if (!row) throw data(null, { status: 404 });
    if (row.stale) {
      // Changed since the editor opened it: nothing goes out; the new text is shown to read first.
      const now = await getPostById(runtime.db, id);
      if (!now) throw data(null, { status: 404 });
      return data(
        {
          values: null,
          errors: { form: STALE_STORY },
          preview: null,
          stale: { title: now.title, content: now.content, html: now.contentHtml, version: storyVersion(now) },
        },
        { status: 409 },
      );
    }
    return redirectWithToast(`/admin/posts/${id}`, { title: "Post published", description: `Live at /article/${row.slug}` });
  }
  if (intent === "unpublish") {
    const row = await setPublished(runtime, id, false, editor.id);
    if (!row) throw data(null, { status: 404 });
    return redirectWithToast(`/admin/posts/${id}`, { title: "Post unpublished", description: "It is no longer visible to readers." });
  }
  if (intent === "delete") {
    await declinePost(runtime, id, editor.id);
    return redirectWithToast("/admin/posts", { title: "Post deleted" });
  }
  const values = postFormValues(form);
  const parsed = postSchema.safeParse(values);
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error), preview: null }, { status: 400 });
  if (intent === "preview") {
    const preview = await previewHtml(runtime.limiter, editor.id, parsed.data.content);
    if (!preview.ok) return data({ values, errors: { content: preview.message }, preview: null }, { status: 429 });
    return { values, errors: {}, preview: { title: parsed.data.title, html: preview.html } };
  }
  try {
    const row = await updatePost(runtime, id, { ...parsed.data, slug: parsed.data.slug || undefined });
    if (!row) throw data(null, { status: 404 });
    if (intent === "save-publish") await publishPost(runtime, id, editor.id);
    return redirectWithToast(`/admin/posts/${id}`, { title: "Post saved" });
  } catch (error) {
    if (error instanceof SlugTakenError) return data({ values, errors: { slug: "That slug is already used by another post" }, preview: null }, { status: 400 });
    throw error;
  }
}

export default function EditPost({ loaderData }: Route.ComponentProps) {
  const { post, author } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const returned = result && "returnNote" in result ? result.returnNote : undefined;
  // Refused because the story changed: the new text replaces the one shown, and Publish carries it.
  const stale = result && "stale" in result ? result.stale : undefined;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <p>
        <Link to="/admin/posts" className="inline-flex min-h-11 items-center underline">
          ← All posts
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="wrap-anywhere text-3xl font-bold">Edit post</h1>
        <Badge variant={post.published ? "success" : "secondary"}>{post.published ? "Published" : "Not published"}</Badge>
        {post.published ? (
          <Link to={`/article/${post.slug}`} className="inline-flex min-h-11 items-center underline">
            View on the site
          </Link>
        ) : null}
      </div>
      {author ? (
        <p>
          Written by <AuthorName name={author.name} profile={author.profile} />
        </p>
      ) : null}
      {post.returnedNote ? (
        <div className="grid gap-1 rounded-md border p-3">
          <p className="font-medium">Returned to the author with a note:</p>
          <p className="whitespace-pre-wrap wrap-anywhere">{post.returnedNote}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={post.published ? "unpublish" : "publish"} />
          {post.published ? null : <input type="hidden" name="version" value={stale?.version ?? post.version} />}
          <Button type="submit" variant={post.published ? "outline" : "default"}>
            {post.published ? "Unpublish" : "Publish"}
          </Button>
        </Form>
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center underline">Delete this post</summary>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="destructive">
              Yes, delete it
            </Button>
          </Form>
        </details>
        {/* Once returned, the story is with its author until they send it back: nothing to send twice. */}
        {author?.canReturn && !post.returnedNote ? <ReturnStoryForm note={returned?.note} error={returned?.error} busy={busy} /> : null}
      </div>
      {stale ? (
        <>
          <FormAlert title="Not published">{result?.errors && "form" in result.errors ? result.errors.form : null}</FormAlert>
          <PostPreview title={stale.title} html={stale.html} label="The story as it is now" />
        </>
      ) : result?.preview ? (
        <PostPreview title={result.preview.title} html={result.preview.html} />
      ) : (
        <PostPreview title={post.title} html={post.contentHtml} label={post.published ? "As published" : "As it would be published"} />
      )}
      <PostEditor
        key={stale?.version}
        values={stale ? { ...post, title: stale.title, content: stale.content } : (result?.values ?? post)}
        errors={stale ? undefined : result?.errors}
        busy={busy}
        submitLabel="Save changes"
        showPublish={!post.published}
      />
    </div>
  );
}
