// The soak's traffic: members signing up, writing with a unique marker in each write, readers
// browsing; the count of answers by status; and the tally of acknowledged writes against stored ones.
import crypto from "node:crypto";
import { RUN_ID, sleep } from "./shared";

export const stats = { runMs: 0, requests: 0, byStatus: {} as Record<string, number>, networkErrors: 0, refusedWrites: {} as Record<string, number> };
export function refusedWrite(res: Response | null) {
  const key = res ? String(res.status) : "no answer";
  stats.refusedWrites[key] = (stats.refusedWrites[key] ?? 0) + 1;
}
export function count(status: number | "error") {
  stats.requests++;
  if (status === "error") stats.networkErrors++;
  else {
    const key = `${Math.floor(status / 100)}xx`;
    stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
  }
}

export interface Member {
  email: string;
  cookie: string;
}

let siteUrl = "";

/** The server that request() talks to, from now on. */
export function targetSite(url: string) {
  siteUrl = url;
}

export async function request(pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
  try {
    const res = await fetch(`${siteUrl}${pathname}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
      headers: {
        ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl } : {}),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    await res.arrayBuffer();
    count(res.status);
    return res;
  } catch {
    count("error");
    return null;
  }
}

export async function signUp(prefix: string): Promise<Member> {
  const email = `${prefix}-${RUN_ID}-${crypto.randomBytes(3).toString("hex")}@example.com`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await request("/auth", { form: { intent: "signup", email, password: "soak-password-1", ageConfirmed: "yes" } });
    const session = res?.headers.getSetCookie().find((c) => c.includes("session_token="));
    if (res?.status === 302 && session) return { email, cookie: session.split(";")[0] };
    await sleep(200);
  }
  throw new Error(`could not sign up ${email}`);
}

export interface Ack {
  marker: string;
  kind: "question" | "answer";
}

/** One member's writes until `until`: asks (40%) or answers a known question (60%). */
export async function writer(member: Member, index: number, until: () => boolean, questionIds: () => number[], acks: Ack[], attempts: { n: number }) {
  let seq = 0;
  while (!until()) {
    const marker = `soak-${RUN_ID}-m${index}x${++seq}`;
    const ids = questionIds();
    attempts.n++;
    let res: Response | null;
    if (ids.length === 0 || Math.random() < 0.4) {
      res = await request("/forum", {
        cookie: member.cookie,
        form: { title: `Soak question ${marker}`, content: `Asked during the soak: ${marker}`, submissionKey: marker },
      });
      // Asking lands on the new question.
      if (res?.status === 302 && /^\/forum\/\d+$/.test(res.headers.get("location") ?? "")) acks.push({ marker, kind: "question" });
      else refusedWrite(res);
    } else {
      const id = ids[Math.floor(Math.random() * ids.length)];
      res = await request(`/forum/${id}`, {
        cookie: member.cookie,
        form: { intent: "answer", content: `Answered during the soak: ${marker}`, submissionKey: marker },
      });
      if (res?.status === 302 && (res.headers.get("location") ?? "").startsWith(`/forum/${id}#answer-`)) acks.push({ marker, kind: "answer" });
      else refusedWrite(res);
    }
    // Think time; longer while the server does not answer at all.
    await sleep((res ? 50 : 250) + Math.random() * 200);
  }
}

export const READ_PATHS = ["/", "/forum", "/forum?page=2", "/blog", "/blog/rheumatoid-arthritis-pain-relief-faq", "/search?q=pain", "/community-guidelines"];

export async function reader(members: Member[], until: () => boolean, questionIds: () => number[]) {
  while (!until()) {
    const ids = questionIds();
    const pick = Math.random();
    const pathname =
      pick < 0.3 && ids.length ? `/forum/${ids[Math.floor(Math.random() * ids.length)]}` : READ_PATHS[Math.floor(Math.random() * READ_PATHS.length)];
    const signedIn = Math.random() < 0.3 && members.length > 0;
    await request(pathname, { cookie: signedIn ? members[Math.floor(Math.random() * members.length)].cookie : undefined });
    await sleep(20 + Math.random() * 80);
  }
}

/** How many times each acknowledged marker is stored, and markers stored more than once. */
export function tally(acks: Ack[], stored: string[]) {
  const counts = new Map<string, number>();
  for (const text of stored) {
    const marker = /soak-[a-z]{8}-m\d+x\d+/.exec(text)?.[0];
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  const lost = acks.filter((a) => !counts.has(a.marker)).map((a) => a.marker);
  const duplicates = [...counts].filter(([, n]) => n > 1).map(([m]) => m);
  const found = acks.filter((a) => counts.has(a.marker)).length;
  return { found, lost, duplicates, storedUnacknowledged: [...counts.keys()].filter((m) => !acks.some((a) => a.marker === m)).length };
}
