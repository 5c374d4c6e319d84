import { data, Link, useActionData, useNavigation } from "react-router";
import { PostEditor, PostPreview } from "~/components/post-editor";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { fieldErrors, postFormValues, postSchema } from "~/lib/validation";
import { COMMUNITY_AUTHOR, createPost, listForEditors, SlugTakenError } from "~/server/blog/blog.server";
import { runtimeContext } from "~/server/context";
import { previewHtml } from "~/server/blog/blog.server";
import { requireRole } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/admin-posts";
import { AdminHeading } from "~/components/admin/admin-heading";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Blog posts", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const posts = await listForEditors(context.get(runtimeContext).db);
  return {
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      published: p.published,
      returned: p.returned,
      author: p.authorName ?? COMMUNITY_AUTHOR,
      createdAt: p.createdAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const editor = requireRole(request, context, "admin");
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const values = postFormValues(form);
  const parsed = postSchema.safeParse(values);
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error), preview: null }, { status: 400 });
  if (intent === "preview") {
    const preview = await previewHtml(runtime.limiter, editor.id, parsed.data.content);
    if (!preview.ok) return data({ values, errors: { content: preview.message }, preview: null }, { status: 429 });
    return { values, errors: {}, preview: { title: parsed.data.title, html: preview.html } };
  }
  try {
    const post = await createPost(runtime, {
      ...parsed.data,
      slug: parsed.data.slug || undefined,
      authorId: editor.id,
      published: intent === "save-publish",
    });
    return redirectWithToast(`/admin/posts/${post.id}`, { title: intent === "save-publish" ? "Post published" : "Draft saved" });
  } catch (error) {
    if (error instanceof SlugTakenError) return data({ values, errors: { slug: "That slug is already used by another post" }, preview: null }, { status: 400 });
    throw error;
  }
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-8">
      <AdminHeading>Blog posts and stories</AdminHeading>
      <section aria-labelledby="all-posts" className="grid gap-3">
        <h2 id="all-posts" className="text-2xl font-semibold">
          All posts
        </h2>
        <ul className="grid gap-2">
          {loaderData.posts.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 rounded-md border p-3">
              <Link to={`/admin/posts/${p.id}`} className="min-h-11 wrap-anywhere py-2 font-medium underline">
                {p.title}
              </Link>
              <Badge variant={p.published ? "success" : "secondary"}>
                {p.published ? "Published" : p.returned ? "Returned to the author" : "Waiting for review"}
              </Badge>
              <span className="text-sm text-muted-foreground">
                {p.author} · <RelativeTime date={p.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Write a new post</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {result?.preview ? <PostPreview title={result.preview.title} html={result.preview.html} /> : null}
          <PostEditor values={result?.values} errors={result?.errors} busy={busy} submitLabel="Save draft" showPublish />
        </CardContent>
      </Card>
    </div>
  );
}
