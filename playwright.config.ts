import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Browser tests run Debian's Chromium (never a downloaded browser) against the production build,
// on a fresh embedded database seeded with the demo content.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = `.e2e-data-${PORT}`;
process.env.E2E_MAIL_DIR = `.e2e-mail-${PORT}`;
// CI keeps every server's output in SERVER_LOG_DIR for a scan after the browser tests
// (tests/e2e/server-logs.ts): this server's stdout goes straight to its file, its stderr both
// there and to the runner (a pipe through tee; /bin/sh has no process substitution).
const LOG_DIR = process.env.SERVER_LOG_DIR ? path.resolve(process.env.SERVER_LOG_DIR) : undefined;
const LOG_FILE = LOG_DIR && path.join(LOG_DIR, `web-server-${PORT}.log`);
if (LOG_DIR) fs.mkdirSync(LOG_DIR, { recursive: true });
const chromium = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // How long a test and each of its waits may take is the machine's speed, not the site's: the
  // same suite runs up to three times slower on a busy two-core machine than on a quiet one, and a
  // sign-up that waits for its scrypt hash behind two browsers then needs more than 7 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && ${LOG_FILE ? `node server.js 2>&1 >>'${LOG_FILE}' | tee -a '${LOG_FILE}' >&2` : "node server.js"}`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: `http://localhost:${PORT}`,
      DATA_DIR,
      DATABASE_URL: "",
      SEED: "true",
      SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_SMTP_PORT ?? 2526)}`,
      REQUIRE_EMAIL_VERIFICATION: "false",
      RATE_LIMITS: "true",
      // Browser tests sign up and post at once, some with links: holds are tested in held-posts.test.ts.
      HOLD_NEW_MEMBERS_POSTS: "false",
      // Each browser context sends its own X-Forwarded-For (see fixtures.ts), as behind a proxy.
      TRUST_PROXY: "1",
      // Every request's line too when the output is kept for the scan.
      LOG_LEVEL: LOG_DIR ? "info" : "warn",
      // Notification mails: a question's next mail after 1 s (not 15 minutes), senders looking every second.
      MAIL_GATHER_SECONDS: "1",
      MAIL_POLL_SECONDS: "1",
      // Accounts signed up with these addresses become admins (each browser test uses its own).
      ADMIN_EMAILS: [
        "forum",
        "blog",
        "a11y",
        "ui",
        "places",
        "colours",
        "moderate",
        "stories",
        "topics",
        "polish",
        "hidden",
        "counts",
        "actions",
        "return-375",
        "return-1280",
        "moderation-day",
        "moderator-day",
        "silence",
        "author-hidden",
      ]
        .map((n) => `e2e-admin-${n}@example.com`)
        .join(","),
    },
  },
});
