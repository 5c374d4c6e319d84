// A notification mail's HTML part is a whole document: its character set declared (mail programs
// otherwise guess, and names such as "Zoë" come out garbled) and a title, the mail's subject,
// which screen readers and "view in browser" show.
import { describe, expect, it } from "vitest";
import { composeNotificationMail, type MailNotification } from "~/server/notifications/email/compose.server";

const item: MailNotification = {
  id: 7,
  kind: "answer",
  questionId: 3,
  questionTitle: 'Gloves "at night" & splints',
  answerId: 11,
  answerContent: "Mine are cotton, from Zoë's shop.",
  authorName: "Zoë",
  createdAt: new Date("2026-01-02T03:04:05Z"),
};

describe("notification mail HTML", () => {
  it("declares UTF-8 and carries the subject as its title, in the head", () => {
    const mail = composeNotificationMail({
      siteUrl: "https://ra.capsiva.test",
      to: "a@example.com",
      displayName: "Ann",
      digest: false,
      items: [item],
      unsubscribeToken: "t",
    });
    const html = mail.html!;
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1];
    expect(head).toBeDefined();
    // The charset comes first in the head, before any text a program must decode.
    // (HTML attribute names are case-insensitive: React writes charSet.)
    expect(head).toMatch(/^<meta charset="utf-8">/i);
    expect(head).toContain("<title>New answer to &quot;Gloves &quot;at night&quot; &amp; splints&quot;</title>");
    expect(mail.subject).toBe('New answer to "Gloves "at night" & splints"');
    expect(html.indexOf("</head>")).toBeLessThan(html.indexOf("<body"));
    expect(html).toMatch(/^<!doctype html><html lang="en"><head>/);
  });
});
