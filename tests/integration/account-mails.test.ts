// Over real HTTP: reset and confirmation mails wait in the outbox, so the answer never waits for
// the mail server (and takes as long for a registered address as for an unknown one); a sign-up
// with a taken address, where new members are signed in at once, answers in the site's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mail } from "~/server/infra/mail.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { createMember } from "../helpers/runtime";

/** Runs `body` while the mail server takes every mail but answers none; then lets them through. */
async function withMailHeld(app: HttpApp, body: () => Promise<void>) {
  const mailer = app.runtime.mailer;
  const send = mailer.send;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  mailer.send = async (mail: Mail) => {
    await gate;
    await send.call(mailer, mail);
  };
  try {
    await body();
  } finally {
    open();
    mailer.send = send;
  }
}

/** The answer to `request`, or "still waiting" if it has not come within `ms`. */
async function within<T>(request: Promise<T>, ms: number): Promise<T | "still waiting"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), ms)));
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

const json = (app: HttpApp, path: string, body: unknown) =>
  app.fetch(`/api/auth${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: app.url }, body: JSON.stringify(body) });

describe("with email confirmation on", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp({ RATE_LIMITS: "false", REQUIRE_EMAIL_VERIFICATION: "true" });
    await app.build();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("answers a reset request for a registered address without waiting for the mail server, then delivers the link", async () => {
    const member = await createMember(app.runtime);
    await withMailHeld(app, async () => {
      const answer = await within(app.postForm("/auth/forgot", "", { email: member.email }), 3_000);
      expect(answer).not.toBe("still waiting");
      expect((answer as Response).status).toBe(200);
      expect(await (answer as Response).text()).toContain("we have sent a link to reset the password");
    });
    await app.runtime.mailOutbox.drain();
    const mail = app.runtime.sent.findLast((m) => m.to === member.email);
    expect(mail?.subject).toBe("Reset your Capsiva RA Community password");
    expect(mail?.text).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9_-]+/);
    // The HTML part went through the outbox too, with the same link.
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    expect(mail?.html).toContain("<title>Reset your Capsiva RA Community password</title>");
    expect(mail?.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
  });

  it("answers a sign-up without waiting for the confirmation mail, then delivers it", async () => {
    const email = "waiting-for-mail@example.com";
    await withMailHeld(app, async () => {
      const answer = await within(json(app, "/sign-up/email", { email, password: "a long quiet river", name: "", ageConfirmed: true }), 3_000);
      expect(answer).not.toBe("still waiting");
      expect((answer as Response).status).toBe(200);
    });
    await app.runtime.mailOutbox.drain();
    expect(app.runtime.sent.findLast((m) => m.to === email)?.subject).toBe("Confirm your email for the Capsiva RA Community");
  });
});

describe("with new members signed in at once", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp({ RATE_LIMITS: "false", REQUIRE_EMAIL_VERIFICATION: "false" });
    await app.build();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("answers a sign-up with a taken address in the site's words, and tells the owner", async () => {
    const member = await app.member();
    const res = await json(app, "/sign-up/email", { email: member.email, password: "another long phrase", name: "", ageConfirmed: true });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string };
    expect(body.message).not.toMatch(/already exists/i);
    expect(body.message).toBe(
      "We could not create an account with this email address. If you already have one, sign in, or choose a new password with 'Forgot your password?'.",
    );
    const form = await app.postForm("/auth", "", { intent: "signup", ageConfirmed: "yes", email: member.email, password: "another long phrase" });
    expect(await form.text()).toContain("We could not create an account with this email address.");
    await app.runtime.mailOutbox.drain();
    expect(app.runtime.sent.filter((m) => m.to === member.email && /tried to join/.test(m.subject))).toHaveLength(2);
  });
});
