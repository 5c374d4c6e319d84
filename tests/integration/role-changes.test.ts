// A role is part of who is signed in, which each instance remembers for a while: a change of role
// must reach the remembered session at once. Here the role that opening a confirmation link gives
// a listed admin address, where the auth library answers with a redirect back to the site.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

const ADMIN = "listed-admin@example.com";
let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false", ADMIN_EMAILS: ADMIN });
});
afterAll(() => app.close());

it("a listed address is an admin on the next page once its confirmation link is opened", async () => {
  const asker = await app.member();
  const question = await app.ask(asker.cookie, "Who may hide this question?");
  const { res, cookie } = await app.signUp({ email: ADMIN });
  expect(res.status).toBe(200);
  // A question page uses the remembered session: seen (and remembered) as a member first.
  const moderates = async () => (await (await app.fetch(`/forum/${question}`, { headers: { Cookie: cookie } })).text()).includes("Hide this question");
  for (let i = 0; i < 2; i++) expect(await moderates()).toBe(false);
  await app.runtime.mailOutbox.drain();
  const mail = app.runtime.sent.find((m) => m.to === ADMIN && /verify-email/.test(m.text));
  const link = /https?:\/\/\S*verify-email\S*/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  const opened = await app.fetch(new URL(link!).pathname + new URL(link!).search, { headers: { Cookie: cookie } });
  expect(opened.status).toBe(302);
  expect(await moderates()).toBe(true);
});
