/**
 * A member's post as the server rendered it (safe HTML: app/server/infra/post-markdown.server.ts). Long
 * words and addresses wrap rather than widen the page; lists and links look like the site's own.
 */
export function PostBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`grid gap-3 wrap-anywhere [&_a]:underline [&_a]:underline-offset-2 [&_a]:wrap-anywhere [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 ${className ?? ""}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
