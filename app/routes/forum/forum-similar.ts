// GET /forum/similar?title=…: up to five visible questions like the title a member is typing in
// the ask form (JSON, for the form's script). Members only, and limited per member, as every
// keystroke pause can ask.
import { data } from "react-router";
import { runtimeContext } from "~/server/context";
import { RateLimitedError } from "~/server/infra/rate-limit.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { similarQuestions } from "~/server/forum/forum.server";
import type { Route } from "./+types/forum-similar";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return data({ questions: [] }, { status: 401, headers: NO_STORE });
  const title = (new URL(request.url).searchParams.get("title") ?? "").trim().slice(0, 200);
  if (title.length < 3) return data({ questions: [] }, { headers: NO_STORE });
  const runtime = context.get(runtimeContext);
  try {
    await runtime.limiter.consume("similar", viewer.id);
  } catch (error) {
    if (error instanceof RateLimitedError)
      return data({ questions: [] }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(error.retryAfterSeconds) } });
    throw error;
  }
  return data({ questions: await similarQuestions(runtime.db, title) }, { headers: NO_STORE });
}
