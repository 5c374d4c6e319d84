// The log scan over a whole CI run: every line that the servers started by the tests wrote
// (kept in SERVER_LOG_DIR by the test harness, tests/e2e/server-logs.ts) must be one JSON object
// with no email address, nothing shaped like a token, no mail (its recipient, subject, text or
// links, nor the words of the account mails), and none of the question titles and texts the
// tests posted or the demo content holds. Lists what it found, cut short, and exits 1.
//   SERVER_LOG_DIR=dir tsx scripts/ci/scan-server-logs.ts
import fs from "node:fs";
import path from "node:path";
import { ACCOUNT_MAIL_WORDS } from "../../app/server/notifications/notifications.server";
import { DEMO_QUESTION_TITLES } from "../../app/server/seed.server";
import { logProblems, POSTED_TEXTS } from "../../tests/e2e/server-logs";

const SHOWN = 40;

export function scanServerLogs(dir: string) {
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".log"))
        .sort()
    : [];
  const postedFile = path.join(dir, POSTED_TEXTS);
  const posted = fs.existsSync(postedFile)
    ? fs
        .readFileSync(postedFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string)
    : [];
  const secrets = [...new Set([...DEMO_QUESTION_TITLES, ...ACCOUNT_MAIL_WORDS, ...posted])];
  const problems: string[] = [];
  let lines = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    lines += text.split("\n").filter((l) => l.trim()).length;
    for (const problem of logProblems(text, { secrets })) problems.push(`${file}: ${problem}`);
  }
  return { files: files.length, lines, secrets: secrets.length, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.SERVER_LOG_DIR;
  if (!dir) {
    console.error("SERVER_LOG_DIR is not set: nothing to scan.");
    process.exit(2);
  }
  const result = scanServerLogs(dir);
  // No file at all means the harness kept nothing: a scan of nothing must not pass.
  if (result.files === 0) {
    console.error(`No server logs in ${dir}.`);
    process.exit(1);
  }
  console.log(`Scanned ${result.lines} lines in ${result.files} server logs against ${result.secrets} posted texts.`);
  if (result.problems.length) {
    console.error(`${result.problems.length} log lines out of place:`);
    for (const problem of result.problems.slice(0, SHOWN)) console.error(`  ${problem}`);
    if (result.problems.length > SHOWN) console.error(`  … and ${result.problems.length - SHOWN} more`);
    process.exit(1);
  }
}
