// The production server over plain HTTP, as an outside client sees it: where sign-in may send
// people afterwards, which of the auth library's own endpoints answer, and how the password reset
// page is cached.
import { expect, signUpByApi, test, uniqueEmail } from "./fixtures";

const HOSTILE = ["//evil.example", "/\\evil.example", "/%09/evil.example", "/%5Cevil.example", "/\t/evil.example", "/%2F%2Fevil.example", "/\r\n/evil.example"];

test("the sign-in page offers only same-site paths to return to", async ({ request }) => {
  for (const target of HOSTILE) {
    const res = await request.get(`/auth?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(res.status(), target).toBe(200);
    const html = await res.text();
    expect(html, target).toContain('name="redirectTo" value="/"');
    // Only the form's own action repeats the address it was opened at; no link leads there.
    expect(html, target).not.toMatch(/(href|content|value)="[^"]*evil\.example/);
  }
  const local = await request.get(`/auth?redirectTo=${encodeURIComponent("/forum?page=2")}`);
  expect(await local.text()).toContain('name="redirectTo" value="/forum?page=2"');
});

test("signing in with a hostile redirectTo lands on the home page, never elsewhere or on a 500", async ({ request, baseURL }) => {
  const member = await signUpByApi(request);
  for (const redirectTo of ["/\r\nSet-Cookie: planted=1", "/%09/evil.example", "/\\evil.example"]) {
    const res = await request.post("/auth", {
      headers: { Origin: baseURL! },
      form: { intent: "signin", email: member.email, password: member.password, redirectTo },
      maxRedirects: 0,
    });
    expect(res.status(), JSON.stringify(redirectTo)).toBe(302);
    expect(res.headers()["location"]).toBe("/");
    expect(res.headers()["set-cookie"] ?? "").not.toContain("planted");
  }
});

test("the auth library's delete-user endpoint wants the password, even from a fresh session", async ({ request, baseURL }) => {
  const member = await signUpByApi(request);
  const bare = await request.post("/api/auth/delete-user", { headers: { Origin: baseURL! }, data: {} });
  expect(bare.status()).toBe(400);
  const session = await request.get("/api/auth/get-session");
  expect((await session.json())?.user?.email).toBe(member.email);
});

test("the password reset page is never cached and its token stays out of the path", async ({ request }) => {
  const res = await request.get("/auth/reset?token=abcdefghijklmnopqrstu");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test("sign-up explains the password rules and refuses a common password", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.locator("form[data-form='sign-up']");
  await expect(form.getByText("At least 8 characters. Common passwords are not accepted; a few unrelated words make a strong one.")).toBeVisible();
  await form.getByLabel("Email").fill(uniqueEmail("weak"));
  await form.getByLabel("Password").fill("password123");
  await form.getByLabel("I am 16 or older").check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText(/This password is one of the most common ones/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
});
