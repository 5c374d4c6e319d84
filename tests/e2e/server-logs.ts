// What the servers that tests start write, kept for a scan over the whole CI run: with
// SERVER_LOG_DIR set, every server's output is appended to a file there, and the texts tests post
// (question titles and contents) are listed beside them, so the scan can refuse any of them in a
// log. No Playwright here: the CI scan (scripts/ci/scan-server-logs.ts) runs outside the runner.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/g;
// Session and reset tokens are long runs of letters and digits; a request id or a hash is not
// logged in that shape except as a UUID (with dashes), which this leaves alone; a long word
// (processTicksAndRejections in a stack) has no digit.
const TOKEN = /(?<![A-Za-z0-9_-])(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{24,}(?![A-Za-z0-9_-])/g;
// A link out of a mail: a reset or confirmation link, an unsubscribe link (each holds a token,
// however short), or any address with a token in its query.
const MAIL_LINK = /https?:\/\/[^\s"]*(?:token=|reset-password|verify-email|unsubscribe)/i;
/** A log line with these fields is a mail written out: who it is to, its subject or its text. */
const MAIL_FIELDS = ["to", "subject", "text"];
/** The file in SERVER_LOG_DIR listing what tests posted, one JSON string a line. */
export const POSTED_TEXTS = "posted-texts.jsonl";
// Shorter texts ("Yes", "Thanks") could match an ordinary word in a log line.
const MIN_SECRET_LENGTH = 12;

/**
 * Every line that is not one JSON object, or that holds an email address, something shaped like a
 * token or one of `secrets`. Each problem quotes the line trimmed to 200 characters with what it
 * found cut short, so that a report (a CI log) never repeats an address, token or text in full.
 */
export function logProblems(output: string, options: { secrets?: string[] } = {}) {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= MIN_SECRET_LENGTH);
  const problems: string[] = [];
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    // The request id nginx makes is 32 hex digits: an id, not a secret.
    const scanned = line.replace(/"reqId":"[^"]*"/g, "");
    let short = line.replace(EMAIL, (m) => `${m[0]}…@…`).replace(TOKEN, (m) => `${m.slice(0, 4)}…`);
    for (const secret of secrets) short = short.split(secret).join(`${secret.slice(0, 6)}…`);
    short = short.slice(0, 200);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
      if (typeof parsed !== "object" || parsed === null) problems.push(`not a JSON object: ${short}`);
    } catch {
      problems.push(`not JSON: ${short}`);
      continue;
    }
    if (parsed && typeof parsed === "object" && MAIL_FIELDS.some((field) => field in parsed)) problems.push(`a mail's recipient, subject or text: ${short}`);
    if (MAIL_LINK.test(line)) problems.push(`a link from a mail: ${short}`);
    if (new RegExp(EMAIL.source).test(line)) problems.push(`an email address: ${short}`);
    if (new RegExp(TOKEN.source).test(scanned)) problems.push(`something shaped like a token: ${short}`);
    for (const secret of secrets) if (line.includes(secret)) problems.push(`a posted text ("${secret.slice(0, 6)}…"): ${short}`);
  }
  return problems;
}

/**
 * What npm itself prints before running a script (`> name@ start` and the command line): npm's
 * output, outside the site, for the tests that start the server through npm as people do.
 */
export const NPM_BANNER = (line: string) => /^> /.test(line) || !line.trim();

/**
 * What Vite's development server says to the developer's terminal about itself (re-optimising
 * dependencies): a tool's messages in development only, not a line of the site's log.
 */
export const VITE_DEV_OUTPUT = (line: string) => /^[0-9:]+ [AP]M \[vite\]/.test(stripVTControlCharacters(line));

const logDir = () => process.env.SERVER_LOG_DIR || undefined;

/**
 * With SERVER_LOG_DIR set, appends the child's stdout and stderr to `<dir>/<name>-<pid>.log`,
 * whole lines at a time (a chunk of output can end in the middle of a line, and the two streams
 * must not cut into each other's lines).
 */
export function keepServerOutput(child: ChildProcess, name: string, options: { skip?: (line: string) => boolean } = {}) {
  const dir = logDir();
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${child.pid}.log`);
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.on("data", (chunk: Buffer | string) => {
      // A terminal (`script`) ends lines with \r\n.
      const lines = (partial + chunk.toString()).replace(/\r\n/g, "\n").split("\n");
      partial = lines.pop()!;
      const kept = lines.filter((line) => !options.skip?.(line));
      if (kept.length) fs.appendFileSync(file, kept.map((l) => `${l}\n`).join(""));
    });
    stream?.on("end", () => partial && fs.appendFileSync(file, `${partial}\n`));
  }
}

/** With SERVER_LOG_DIR set, lists texts a test posted (titles, contents) for the scan to refuse. */
export function recordPostedTexts(...texts: (string | undefined | null)[]) {
  const dir = logDir();
  const kept = texts.filter((t): t is string => typeof t === "string" && t.trim().length >= MIN_SECRET_LENGTH);
  if (!dir || !kept.length) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, POSTED_TEXTS), kept.map((t) => `${JSON.stringify(t.trim())}\n`).join(""));
}

/**
 * The title and content fields of a posted form or JSON body, as a member's browser sends them
 * (a draft's text is sent as title and body: drafts must never reach a log either).
 */
export function postedFields(body: string | null, contentType = "") {
  if (!body) return [];
  let fields: Record<string, unknown> = {};
  if (contentType.includes("json")) {
    try {
      fields = JSON.parse(body);
    } catch {
      return [];
    }
  } else if (contentType.includes("multipart")) {
    for (const m of body.matchAll(/name="(title|content|body)"\r\n\r\n([\s\S]*?)\r\n--/g)) fields[m[1]] = m[2];
  } else {
    fields = Object.fromEntries(new URLSearchParams(body));
  }
  return [fields.title, fields.content, fields.body].filter((v): v is string => typeof v === "string");
}
