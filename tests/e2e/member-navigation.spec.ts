// Two members at once, each in a browser of their own (one on a 375 px phone), move through every
// kind of page by following links, as people do: after the first page every move is React
// Router's client-side navigation, which fetches the next page's `.data`. On every page each
// member sees their own greeting, account menu and bell, owner controls only on their own
// question, and no text the page was not rendered with. The second test: a link another member
// writes into an answer reaches every reader exactly as written.
import type { Browser } from "@playwright/test";
import { askQuestion, expect, gotoReady, postAnswer, test } from "./fixtures";
import { arrive, expectOwnView, expectOwnerControls, navigate, newMember, press, STAND_IN, word, type Member } from "./member-view";

const GUIDE = { slug: "capsaicin-arthritis-guide", title: "Capsaicin for Arthritis in the Hands: A Practical Guide" };
const CITY = "/new-york/arthritis-pain-relief";

interface Step {
  label: string;
  /** Gets `me` to the page (and checks what is particular to it). */
  go: (me: Member) => Promise<void>;
}

test.describe("members moving between pages", () => {
  // The last two tests need any two signed-in members: the same two serve both (signing up and
  // naming two more cost about ten seconds), their browser contexts kept open until the end.
  let pair: Promise<[Member, Member]> | undefined;
  const twoMembers = (browser: Browser) => (pair ??= Promise.all([newMember(browser, `Casey ${word()}`), newMember(browser, `Devon ${word()}`)]));
  test.afterAll(async () => {
    for (const member of (await pair) ?? []) await member.page.context().close();
  });

  test("two members clicking through every kind of page each see only their own name, bell and controls", async ({ browser }) => {
    test.setTimeout(240_000);
    const a = await newMember(browser, `Avery ${word()}`);
    const b = await newMember(browser, `Blake ${word()}`, { phone: true });
    const title = `Warm wax for stiff knuckles ${word()}`;
    const questionId = await askQuestion(a.page, title, "Has anyone tried a paraffin bath for their hands in the morning?", "Diet");
    // The phone member answers: the asker's bell counts it until they read the question, and each
    // owns one post on the page.
    const answerText = `Wax gloves after the shower work for me ${word()}`;
    await postAnswer(b.page, questionId, answerText);
    a.unread = 1;
    const ownerControls = async (me: Member, label: string) => {
      await expectOwnerControls(me, me.page.locator("main article").first(), me === a, `${a.name}'s question (${label})`);
      await expectOwnerControls(me, me.page.locator("li[id^='answer-']").filter({ hasText: answerText }), me === b, `${b.name}'s answer (${label})`);
    };

    const steps: Step[] = [
      {
        label: "the home page (opened by address)",
        go: async (me) => {
          await gotoReady(me.page, "/");
          await expect(me.page).toHaveURL(/\/$/);
        },
      },
      {
        label: "/forum",
        go: (me) => arrive(me, () => navigate(me, "Forum"), { url: /\/forum$/, heading: "Community Forum", client: true }),
      },
      {
        label: `the question /forum/${questionId}`,
        go: async (me) => {
          const link = me.page.getByRole("link", { name: title, exact: true }).first();
          // Reading the question marks its notifications read: the asker has seen the answer.
          if (me === a) me.unread = 0;
          await arrive(me, () => press(me, link), { url: new RegExp(`/forum/${questionId}$`), heading: title, client: true });
          await ownerControls(me, "from /forum");
        },
      },
      {
        label: "the topic page /forum/topics/diet",
        go: (me) =>
          arrive(me, () => press(me, me.page.locator("a[data-topic]", { hasText: "Diet" }).first()), {
            url: /\/forum\/topics\/diet$/,
            heading: "Diet",
            client: true,
          }),
      },
      {
        label: "/forum/topics",
        go: (me) =>
          arrive(me, () => press(me, me.page.getByRole("link", { name: "All topics" }).first()), {
            url: /\/forum\/topics$/,
            heading: "Forum topics",
            client: true,
          }),
      },
      {
        label: "/blog",
        go: (me) => arrive(me, () => navigate(me, "Blog"), { url: /\/blog$/, heading: "Blog", client: true }),
      },
      {
        label: "an article",
        go: async (me) => {
          const link = me.page.locator("main a[href^='/article/']").first();
          const heading = (await link.innerText()).trim();
          await arrive(me, () => press(me, link), { url: /\/article\/[a-z0-9-]+$/, heading, client: true });
        },
      },
      {
        label: "/search?q=capsaicin",
        go: async (me) => {
          if (me.phone) {
            // The header's field gives way to a link on a phone; the page's own form searches.
            await arrive(me, () => press(me, me.page.getByRole("link", { name: "Search", exact: true })), {
              url: /\/search$/,
              heading: "Search",
              client: true,
            });
            await me.page.getByLabel("Search guides, stories and questions").fill("capsaicin");
            await arrive(me, () => press(me, me.page.getByRole("button", { name: "Search", exact: true })), {
              url: /\/search\?q=capsaicin$/,
              heading: "Search",
              client: true,
            });
          } else {
            // The header's search form is a plain form: it loads the results as a new document.
            await me.page.getByLabel("Search the site").fill("capsaicin");
            await arrive(me, () => me.page.getByLabel("Search the site").press("Enter"), { url: /\/search\?q=capsaicin$/, heading: "Search", client: false });
          }
          await expect(me.page.getByRole("main").getByRole("link").first()).toBeVisible();
        },
      },
      {
        label: `the city page ${CITY} (opened by address)`,
        go: async (me) => {
          await gotoReady(me.page, CITY);
          await expect(me.page.getByRole("heading", { level: 1 })).toContainText("New York");
        },
      },
      {
        label: "/notifications (the bell, from the city page)",
        go: (me) =>
          arrive(me, () => press(me, me.page.getByRole("link", { name: /^Notifications,/ })), {
            url: /\/notifications$/,
            heading: "Notifications",
            client: true,
          }),
      },
      {
        label: "/account",
        go: (me) => arrive(me, () => navigate(me, "Account"), { url: /\/account$/, heading: "Your account", client: true }),
      },
      {
        label: "/forum again, from /account",
        go: (me) => arrive(me, () => navigate(me, "Forum"), { url: /\/forum$/, heading: "Community Forum", client: true }),
      },
      {
        label: `the question /forum/${questionId} again`,
        go: async (me) => {
          const link = me.page.getByRole("link", { name: title, exact: true }).first();
          await arrive(me, () => press(me, link), { url: new RegExp(`/forum/${questionId}$`), heading: title, client: true });
          await ownerControls(me, "from /forum, after /account");
        },
      },
      {
        label: `the guide /blog/${GUIDE.slug}`,
        go: async (me) => {
          // From a question to the blog, and on to a guide.
          await arrive(me, () => navigate(me, "Blog"), { url: /\/blog$/, heading: "Blog", client: true });
          await arrive(me, () => press(me, me.page.getByRole("link", { name: GUIDE.title })), {
            url: new RegExp(`/blog/${GUIDE.slug}$`),
            heading: /Capsaicin/,
            client: true,
          });
        },
      },
    ];

    // Step by step, the two members in turn: what one member's visit leaves behind on the
    // server is there when the other arrives.
    for (const step of steps) {
      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        await test.step(`${me.name}: ${step.label}`, async () => {
          await step.go(me);
          await expectOwnView(me, other, step.label);
        });
      }
    }
    await a.page.context().close();
    await b.page.context().close();
  });

  test("a link one member writes in an answer reaches every other member exactly as written", async ({ browser }) => {
    test.setTimeout(180_000);
    const [a, b] = await twoMembers(browser);
    const title = `Pacing the garden work ${word()}`;
    const questionId = await askQuestion(a.page, title, "How do you split up an afternoon of weeding so your hands last?");
    const page = `/forum/${questionId}`;

    // What a member can read of the site's own answers for client-side navigation: any value
    // shaped like a stand-in there is what a planted link would aim at.
    let prefix: string | undefined;
    for (const path of [`${page}.data`, "/forum.data", "/_root.data"]) {
      for (let i = 0; i < 2 && !prefix; i++) {
        const res = await a.page.request.get(path);
        prefix = STAND_IN.exec(await res.text())?.[0].slice(0, -1);
      }
    }
    // With nothing of the kind to read, the same shape made up (in capitals, so that the other
    // tests' search for values the site itself left behind does not find this member's text):
    // the link must reach readers as written either way.
    prefix ??= `mt${"ABCDEF".repeat(4).slice(0, 20)}`;
    const written = `https://evil.example/s?who=${prefix}e&id=${prefix}i&name=${prefix}d`;
    await postAnswer(a.page, questionId, `My notes on pacing: ${written}`);

    const session = (await (await b.page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    const bId = session.user.id;
    expect(bId).toBeTruthy();

    const check = async (how: string) => {
      const link = b.page.locator("a[href^='https://evil.example/']");
      await expect(link, `the link in ${a.name}'s answer as ${b.name} sees it (${how})`).toHaveAttribute("href", written);
      const text = await b.page.locator("section[aria-labelledby='answers-heading']").innerText();
      expect(text.includes(b.email), `${b.name}'s address in ${a.name}'s answer (${how})`).toBe(false);
      expect(text.includes(bId), `${b.name}'s account id in ${a.name}'s answer (${how})`).toBe(false);
      expect(text.includes(b.name), `${b.name}'s name in ${a.name}'s answer (${how})`).toBe(false);
    };
    // Opened by address (twice: the second view is the one a page kept for members would serve) ...
    for (let i = 1; i <= 2; i++) {
      await gotoReady(b.page, page);
      await check(`opened by address, view ${i}`);
    }
    // ... and by following links.
    await gotoReady(b.page, "/forum");
    await arrive(b, () => b.page.getByRole("link", { name: title, exact: true }).first().click(), {
      url: new RegExp(`${page}$`),
      heading: title,
      client: true,
    });
    await check("after a click from /forum");
  });

  test("what client-side navigation fetches for a member is filled in for that member alone", async ({ browser }) => {
    test.setTimeout(180_000);
    const [a, b] = await twoMembers(browser);
    // The `.data` of every kind of page a member reaches by a click (the seeded question 1 and article).
    const paths = [
      "/forum.data",
      "/forum/1.data",
      "/forum/topics.data",
      "/forum/topics/diet.data",
      "/blog.data",
      "/article/how-i-learned-to-pace-my-mornings.data",
      `/blog/${GUIDE.slug}.data`,
      "/search.data?q=capsaicin",
      `${CITY}.data`,
      "/notifications.data",
      "/account.data",
    ];
    for (const path of paths) {
      // Each member twice in turn: a later answer may be made from what an earlier one left.
      for (const [me, other] of [
        [a, b],
        [b, a],
        [a, b],
        [b, a],
      ] as const) {
        const res = await me.page.request.get(path);
        const body = await res.text();
        expect(res.status(), `${path} for ${me.name}`).toBe(200);
        expect(body.match(STAND_IN)?.[0] ?? null, `a stand-in in ${path} for ${me.name}`).toBeNull();
        expect(body.includes(me.email), `${me.name}'s own address in ${path} (the signed-in member the page is for)`).toBe(true);
        expect(body.includes(other.email), `${other.name}'s address in ${path} for ${me.name}`).toBe(false);
      }
    }
  });
});
