// Account mails through a real SMTP server: the confirmation link and the password reset link.
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import * as authRoute from "~/routes/auth/auth";
import * as forgotRoute from "~/routes/auth/auth-forgot";
import * as resetRoute from "~/routes/auth/auth-reset";
import { createMailer } from "~/server/infra/mail.server";
import { createLogger } from "~/server/infra/log.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const run = (mod: { action: (a: never) => unknown }, request: Request, viewer: Parameters<typeof contextFor>[1] = null, runtime = rt) =>
  callRoute(mod.action, request, contextFor(runtime, viewer));

describe("email through a real SMTP server", () => {
  const received: { to: string; subject: string; text: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
  let mailRt: TestRuntime;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _s, cb) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? "", subject: mail.subject ?? "", text: mail.text ?? "" });
            cb();
          })
          .catch(cb);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as { port: number }).port;
    mailRt = await createTestRuntime({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    // The test runtime captures mail in memory; put the real SMTP mailer in its place.
    const real = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "test <no-reply@capsiva.example>", log: createLogger("silent") });
    mailRt.mailer.send = real.send;
    // Account mails leave through the outbox, as on a running server.
    mailRt.mailOutbox.start();
  });
  afterAll(async () => {
    await mailRt.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];

  it("with verification required, sign-up sends a confirmation mail whose link signs the member in", async () => {
    expect(mailRt.env.requireEmailVerification).toBe(true);
    const email = "confirm-me@example.com";
    const res = await run(authRoute, formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email, password: "mild-lantern-42" }), null, mailRt);
    expect(res.status).toBe(200);
    expect((res.data as { checkEmail: boolean; toast: { title: string } }).toast.title).toBe("Account created!");
    expect(res.headers.getSetCookie().join()).not.toMatch(/session_token/);

    await expect.poll(() => received.find((m) => m.to.includes(email))).toBeTruthy();
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.subject).toMatch(/Confirm your email/);
    const link = linkIn(mail.text);
    const verify = await mailRt.auth.handler(new Request(link));
    expect(verify.status).toBe(302);
    expect(new URL(verify.headers.get("Location")!, "http://localhost:3000").pathname).toBe("/");
    expect(verify.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=/);
    const [user] = await mailRt.db.select().from(users).where(eq(users.email, email));
    expect(user.emailVerified).toBe(true);
  });

  it("resets a password through the link in the mail", async () => {
    const m = await createMember(mailRt, { email: "forgetful@example.com" });
    const res = await run(forgotRoute, formRequest("/auth/forgot", { email: m.email }), null, mailRt);
    expect((res.data as { sent: boolean }).sent).toBe(true);
    // Unknown addresses get the same answer and no mail.
    const unknown = await run(forgotRoute, formRequest("/auth/forgot", { email: "ghost@example.com" }), null, mailRt);
    expect((unknown.data as { sent: boolean }).sent).toBe(true);

    await expect.poll(() => received.find((x) => x.to.includes(m.email) && /Reset/.test(x.subject))).toBeTruthy();
    const mail = received.find((x) => x.to.includes(m.email) && /Reset/.test(x.subject))!;
    const follow = await mailRt.auth.handler(new Request(linkIn(mail.text)));
    expect(follow.status).toBe(302);
    const landing = new URL(follow.headers.get("Location")!, "http://localhost:3000");
    expect(landing.pathname).toBe("/auth/reset");
    const token = landing.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const mismatch = await run(resetRoute, formRequest("/auth/reset", { token, password: "brand-new-1", confirm: "different-1" }), null, mailRt);
    expect(mismatch.status).toBe(400);
    const done = await run(resetRoute, formRequest("/auth/reset", { token, password: "brand-new-1", confirm: "brand-new-1" }), null, mailRt);
    expect(done.status).toBe(302);

    const oldPw = await run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password: m.password }), null, mailRt);
    expect(oldPw.status).toBe(400);
    await mailRt.db.update(users).set({ emailVerified: true }).where(eq(users.id, m.id));
    const newPw = await run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password: "brand-new-1" }), null, mailRt);
    expect(newPw.status).toBe(302);
    expect(received.some((x) => x.to.includes("ghost@example.com"))).toBe(false);
  });
});
