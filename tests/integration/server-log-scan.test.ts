// The CI scan over every server's log (scripts/ci/scan-server-logs.ts): it must refuse a line that
// is not JSON, an email address, a token, a title a test posted and a demo question's title, say
// so without repeating them in full, and pass a clean log.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_QUESTION_TITLES } from "../../app/server/seed.server";
import { scanServerLogs } from "../../scripts/ci/scan-server-logs";

const CLEAN = [
  `{"level":30,"time":1,"pid":7,"hostname":"h","reqId":"0f2c9a1e7b3d4c5a8e9f0a1b2c3d4e5f","method":"GET","path":"/forum/12","status":200,"ms":3.1,"msg":"request"}`,
  `{"level":40,"time":2,"pid":7,"hostname":"h","component":"mail","mailId":42,"msg":"mail sent"}`,
].join("\n");
const TOKEN = "Zq8xT2mV9kLp4Rw7Yc1Nb6Hd";
const TITLE = "Does cold water help swollen knuckles?";

const dirs: string[] = [];
function logDir(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-scan-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the CI scan of the servers' logs", () => {
  it("passes a clean log", () => {
    expect(scanServerLogs(logDir({ "web-server-3210.log": CLEAN })).problems).toEqual([]);
  });

  it("refuses a plain-text line, an email address, a token, a posted title and a demo title, without repeating them", () => {
    const dir = logDir({
      "web-server-3210.log": `${CLEAN}\n.env not found, using the environment\n{"level":30,"msg":"mail sent","to":"maria.k@example.org"}\n`,
      "server-4242.log": `{"level":50,"msg":"query failed","params":["${TOKEN}"]}\n{"level":30,"msg":"asked","title":"${TITLE}"}\n{"level":30,"msg":"seeded ${DEMO_QUESTION_TITLES[0]}"}\n`,
      "posted-texts.jsonl": `${JSON.stringify(TITLE)}\n`,
    });
    const { problems } = scanServerLogs(dir);
    expect(problems).toEqual([
      expect.stringMatching(/^server-4242\.log: something shaped like a token/),
      expect.stringMatching(/^server-4242\.log: a posted text/),
      expect.stringMatching(/^server-4242\.log: a posted text/),
      expect.stringMatching(/^web-server-3210\.log: not JSON: \.env not found/),
      expect.stringMatching(/^web-server-3210\.log: a mail's recipient, subject or text/),
      expect.stringMatching(/^web-server-3210\.log: an email address/),
    ]);
    const report = problems.join("\n");
    for (const secret of ["maria.k@example.org", TOKEN, TITLE, DEMO_QUESTION_TITLES[0]]) expect(report).not.toContain(secret);
  });

  it("refuses a mail written to the log: its fields, a link from it, or an account mail's words, even without an address or a long token", () => {
    const dir = logDir({
      "server-5151.log": [
        `{"level":30,"msg":"mail (no SMTP_URL set, not sent)","subject":"A new answer","text":"Hello"}`,
        `{"level":30,"msg":"sending http://localhost:3210/api/auth/reset-password/Ab12?callbackURL=%2Fauth%2Freset"}`,
        `{"level":30,"msg":"queued: Reset your Capsiva RA Community password"}`,
        `{"level":30,"msg":"mail not sent (MAIL=off)","mail":"mail-42"}`,
      ].join("\n"),
    });
    const { problems } = scanServerLogs(dir);
    expect(problems).toEqual([
      expect.stringMatching(/^server-5151\.log: a mail's recipient, subject or text/),
      expect.stringMatching(/^server-5151\.log: a link from a mail/),
      expect.stringMatching(/^server-5151\.log: a posted text/),
    ]);
  });

  it("fails the run, listing the lines, and fails when no server log was kept at all", () => {
    const run = (dir: string) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/ci/scan-server-logs.ts"], { env: { ...process.env, SERVER_LOG_DIR: dir }, encoding: "utf8" });
    const bad = run(logDir({ "server-1.log": `${CLEAN}\nListening on port 3000\n` }));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("server-1.log: not JSON: Listening on port 3000");
    expect(run(logDir({ "server-1.log": CLEAN })).status).toBe(0);
    expect(run(logDir({})).status).toBe(1);
  });
});
