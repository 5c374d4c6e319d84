// A toast that survives a redirect: set by an action, read once by the next page. It is only
// ever set in answer to something the visitor did (signing in or out, posting).
import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { ToastMessage } from "~/lib/toast-message";

const toastCookie = createCookie("toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

const toastSchema = z.object({
  id: z.string().max(64),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});

export async function toastHeader(toast: Omit<ToastMessage, "id">) {
  return toastCookie.serialize({ ...toast, id: crypto.randomUUID() });
}

export async function redirectWithToast(to: string, toast: Omit<ToastMessage, "id">, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await toastHeader(toast));
  return redirect(to, { headers: h });
}

export async function readToast(request: Request): Promise<ToastMessage | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("toast=")) return null;
  const parsed = toastSchema.safeParse(await toastCookie.parse(cookie));
  return parsed.success ? parsed.data : null;
}

export function clearToastHeader() {
  return toastCookie.serialize("", { maxAge: 0 });
}
