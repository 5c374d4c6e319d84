// Mail in production: an instance on PostgreSQL does not start without SMTP_URL unless the
// operator says MAIL=off, and then a mail that cannot go is logged by its id only: never its
// recipient, its words or its link (the log is forwarded, kept and read by others).
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "~/server/infra/log.server";
import { ConfigError } from "~/server/infra/env.server";
import { openRuntime } from "~/server/runtime.server";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { logProblems } from "../e2e/server-logs";

const PRODUCTION_ON_POSTGRES = {
  NODE_ENV: "production",
  // Never reached: the setting is checked before the database is opened.
  DATABASE_URL: "postgres://postgres@127.0.0.1:1/never",
  BETTER_AUTH_SECRET: "production-mail-test-secret-0123456789abcdef",
  LOG_LEVEL: "silent",
};

/** What openRuntime ends with within 5 s: an error, "started", or that it is still starting. */
function startOutcome(env: Record<string, string>) {
  return Promise.race([
    openRuntime(env).then(
      () => "started",
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve("still starting after 5 s"), 5_000)),
  ]);
}

describe("a production instance on PostgreSQL", () => {
  it("refuses to start without SMTP_URL, saying what to set", async () => {
    const outcome = await startOutcome({ ...PRODUCTION_ON_POSTGRES, SMTP_URL: "" });
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toMatch(/^SMTP_URL is not set\..*set SMTP_URL .*or set MAIL=off to run without mail/);
  });

  it("refuses MAIL=off beside an SMTP_URL, which would say two things", async () => {
    const outcome = await startOutcome({ ...PRODUCTION_ON_POSTGRES, SMTP_URL: "smtp://127.0.0.1:2525", MAIL: "off" });
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toContain("MAIL: is off while SMTP_URL is set");
  });
});

describe("with MAIL=off", () => {
  let rt: TestRuntime;
  let output = "";
  afterAll(() => rt?.close());

  it("a mail that cannot go is logged by its id only: no recipient, words or link", async () => {
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          output += chunk;
          done();
        },
      }),
    );
    rt = await createTestRuntime({ ...PRODUCTION_ON_POSTGRES, MAIL: "off", SMTP_URL: "", LOG_LEVEL: "info" }, { log, realMailer: true });
    const member = await createMember(rt);
    await rt.auth.api.requestPasswordReset({ body: { email: member.email, redirectTo: "/auth/reset" } });
    await rt.mailOutbox.drain();
    const lines = output.split("\n").filter((line) => line.includes("mail not sent"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "mail not sent (MAIL=off)", mail: expect.stringMatching(/^mail-\d+$/) });
    expect(output).not.toContain(member.email);
    expect(output).not.toContain("Reset your");
    expect(output).not.toMatch(/reset-password|token/);
    expect(logProblems(output)).toEqual([]);
  });
});
