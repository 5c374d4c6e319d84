// A preview renders what is in the form before it is saved, so it is the one place Markdown is
// rendered on request. Its cost is bounded twice: the text is already held to the form's length,
// and each member gets a budget of previews (rate-limit.server.ts) shared by every instance.
import { postHtml } from "~/server/infra/post-markdown.server";
import { isRateLimited, type RateLimiter } from "~/server/infra/rate-limit.server";

export type Preview = { ok: true; html: string } | { ok: false; message: string };

export async function previewHtml(limiter: RateLimiter, memberId: string, content: string): Promise<Preview> {
  try {
    await limiter.consume("preview", memberId);
  } catch (error) {
    if (isRateLimited(error)) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, html: postHtml(content) };
}
