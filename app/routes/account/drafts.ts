// POST /drafts: the forms' script saves (intent "save") or discards (intent "discard") the
// member's draft as they type. Answers JSON: the saved version, or 409 with the newer text
// when another tab or device saved first. Drafts are private: never stored by any cache.
import { data } from "react-router";
import { runtimeContext } from "~/server/context";
import { deleteDraft, draftKeyOf, saveDraft } from "~/server/drafts/drafts.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import { databaseAway, getViewer } from "~/server/accounts/accounts.server";
import { baseVersionOf, shownDraft } from "./draft-forms.server";
import type { Route } from "./+types/drafts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  if (databaseAway(context)) return data({ ok: false, error: "unavailable" }, { status: 503, headers: NO_STORE });
  const viewer = getViewer(context);
  if (!viewer) return data({ ok: false, error: "signed-out" }, { status: 401, headers: NO_STORE });
  const form = await request.formData();
  const key = draftKeyOf(form.get("kind"), form.get("target"));
  if (!key) return data({ ok: false, error: "unknown-draft" }, { status: 400, headers: NO_STORE });
  const runtime = context.get(runtimeContext);
  if (form.get("intent") === "discard") {
    await deleteDraft(runtime, viewer.id, key);
    return data({ ok: true, draft: null }, { headers: NO_STORE });
  }
  try {
    const saved = await saveDraft({ changes: runtime.changes, limiter: runtime.limiter }, viewer.id, key, {
      title: String(form.get("title") ?? ""),
      body: String(form.get("body") ?? ""),
      baseVersion: baseVersionOf(form.get("version")),
    });
    if (saved.ok) return data({ ok: true, draft: shownDraft(saved.draft) }, { headers: NO_STORE });
    if (saved.reason === "too-long") return data({ ok: false, error: "too-long", max: saved.max }, { status: 400, headers: NO_STORE });
    if (saved.reason === "no-target") return data({ ok: false, error: "unknown-draft" }, { status: 404, headers: NO_STORE });
    return data({ ok: false, error: "conflict", current: shownDraft(saved.current) }, { status: 409, headers: NO_STORE });
  } catch (error) {
    if (isRateLimited(error)) {
      return data({ ok: false, error: "rate-limited" }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(error.retryAfterSeconds) } });
    }
    throw error;
  }
}
