// The editors' form for a blog post: title, slug (made from the title when left empty), excerpt
// and content. Content is the same small Markdown as members' stories (a story an editor opens
// here is the member's text as typed), and the preview is the server's rendering of it.
import { Form } from "react-router";
import { FormAlert, TextAreaField, TextField } from "./form-field";
import { PostBody } from "./post-body";
import { Button } from "./ui/button";
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import { LIMITS } from "~/lib/limits";

export interface PostEditorValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
}

export function PostEditor({
  values,
  errors = {},
  busy,
  submitLabel,
  showPublish,
}: {
  values?: Partial<PostEditorValues>;
  errors?: Record<string, string | undefined>;
  busy: boolean;
  submitLabel: string;
  showPublish?: boolean;
}) {
  return (
    <Form method="post" className="grid gap-4">
      {errors.form ? <FormAlert title="Error">{errors.form}</FormAlert> : null}
      <TextField id="post-title" label="Title" name="title" required maxLength={LIMITS.titleMax} defaultValue={values?.title} error={errors.title} />
      <TextField
        id="post-slug"
        label="Slug"
        name="slug"
        maxLength={100}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        defaultValue={values?.slug}
        error={errors.slug}
        hint="The web address: /article/your-slug. Leave empty to make one from the title."
      />
      <TextAreaField
        id="post-excerpt"
        label="Excerpt"
        name="excerpt"
        maxLength={300}
        rows={2}
        defaultValue={values?.excerpt}
        error={errors.excerpt}
        hint="Optional. Shown on the blog list and to search engines."
      />
      <TextAreaField
        id="post-content"
        label="Content"
        name="content"
        required
        maxLength={LIMITS.storyMax}
        rows={14}
        defaultValue={values?.content}
        error={errors.content}
        hint={FORMATTING_HINT}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
          Preview
        </Button>
        {/* One obvious primary action: publishing when the post can be published. */}
        <Button type="submit" name="intent" value="save" variant={showPublish ? "outline" : "default"} disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
        {showPublish ? (
          <Button type="submit" name="intent" value="save-publish" disabled={busy}>
            Save and publish
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** A post as readers will see it: `html` is the server's rendering (app/server/infra/post-markdown.server.ts). */
export function PostPreview({ title, html, label = "Preview" }: { title: string; html: string; label?: string }) {
  return (
    <section aria-labelledby="preview-title" className="grid gap-3 rounded-xl border-2 border-dashed p-6">
      <p className="text-sm font-semibold text-muted-foreground">{label}</p>
      <h2 id="preview-title" className="wrap-anywhere text-2xl font-bold">
        {title}
      </h2>
      <PostBody html={html} />
    </section>
  );
}
