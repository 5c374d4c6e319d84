// Runs every curl example of docs/api.md against a running server and checks that each answers
// the HTTP status written on the comment line above it ("# 200: ...").
//
//   SERVER_URL=http://localhost:3240 npx tsx scripts/check-api-doc.ts
//
// The examples use http://localhost:3000; it is replaced with SERVER_URL. The example email is
// replaced with a new one on each run, so the sign-up example works more than once on a database.
// The examples run in order in one bash shell (so `TOKEN=$(curl ...)` carries over), in a temporary
// folder (for cookies.txt). Exits 1 when any example answers another status.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DOC_BASE = "http://localhost:3000";
const EXAMPLE_EMAIL = "reader@example.com";

interface Example {
  command: string;
  expected: number;
  /** The error code the comment shows ({"code":"..."}), checked too when there is one. */
  code: string | null;
}

/** The curl commands of a Markdown document's shell blocks, each with the status on the comment above it. */
export function curlExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  for (const block of markdown.matchAll(/^```(?:sh|bash|shell)[ \t]*\n([\s\S]*?)^```/gm)) {
    const lines = block[1].split("\n");
    let expected: number | null = null;
    let code: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const status = /^#\s*(\d{3})\b/.exec(lines[i]);
      if (status) {
        expected = Number(status[1]);
        code = /"code":"(\w+)"/.exec(lines[i])?.[1] ?? null;
        continue;
      }
      let command = lines[i];
      while (/\\\s*$/.test(command) && i + 1 < lines.length) command += `\n${lines[++i]}`;
      if (/^\s*(?:[A-Z_]+=\$\()?curl\s/.test(command)) {
        if (expected === null) throw new Error(`This example has no "# <status>" line above it:\n${command}`);
        examples.push({ command, expected, code });
      }
      expected = null;
    }
  }
  return examples;
}

function main() {
  const serverUrl = (process.env.SERVER_URL ?? "").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+$/.test(serverUrl)) {
    console.error("Set SERVER_URL to a running server's base URL, e.g. SERVER_URL=http://localhost:3240");
    process.exit(2);
  }
  const docPath = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "docs", "api.md");
  const examples = curlExamples(fs.readFileSync(docPath, "utf8"));
  if (examples.length === 0) {
    console.error(`${docPath} has no curl examples`);
    process.exit(2);
  }

  const email = `reader-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "api-doc-"));
  const script = [
    "set -u",
    `cd ${JSON.stringify(work)}`,
    // Every curl records its response headers, so the status is known whatever the example prints.
    `curl() { command curl -sS --max-time 20 -D ${JSON.stringify(path.join(work, "headers"))} "$@"; }`,
    ...examples.flatMap((example, i) => [
      `: > ${JSON.stringify(path.join(work, "headers"))}`,
      `echo "@@START ${i}"`,
      example.command.replaceAll(DOC_BASE, serverUrl).replaceAll(EXAMPLE_EMAIL, email),
      "echo",
      `echo "@@STATUS ${i} $(awk 'toupper($1) ~ /^HTTP\\// { s = $2 } END { print s }' ${JSON.stringify(path.join(work, "headers"))})"`,
    ]),
  ].join("\n");

  const run = spawnSync("bash", ["-c", script], { encoding: "utf8", timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  fs.rmSync(work, { recursive: true, force: true });
  if (run.error) throw run.error;

  const output = run.stdout;
  let passed = 0;
  let failed = 0;
  for (const [i, example] of examples.entries()) {
    const status = new RegExp(`^@@STATUS ${i} (\\d*)$`, "m").exec(output)?.[1];
    const body = output.split(`@@START ${i}\n`)[1]?.split(`@@STATUS ${i} `)[0] ?? "";
    const method = /-X\s+(\w+)/.exec(example.command)?.[1] ?? (/\s-d\s/.test(example.command) ? "POST" : "GET");
    const title = `${method} ${/https?:\/\/\S+?(?=["'\s]|$)/.exec(example.command)?.[0] ?? example.command}`;
    const expected = `${example.expected}${example.code ? ` ${example.code}` : ""}`;
    const codeOk = !example.code || body.includes(`"code":"${example.code}"`);
    if (Number(status) === example.expected && codeOk) {
      passed++;
      console.log(`ok    ${expected.padEnd(24)} ${title}`);
    } else {
      failed++;
      const shown = body
        .replace(/"token":"[^"]+"/g, '"token":"…"')
        .trim()
        .slice(0, 400);
      console.log(`FAIL  expected ${expected}, got ${status || "no answer"}  ${title}\n      ${shown.replace(/\n/g, "\n      ")}`);
    }
  }
  if (run.stderr.trim()) console.log(`\nstderr:\n${run.stderr.trim().slice(0, 2000)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main();
