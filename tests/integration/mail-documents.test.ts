// Every kind of mail the site sends, as its components render it: a whole HTML document (language,
// character set, the subject as its title) that the Nu HTML Checker finds nothing to say about,
// and a plain-text part that says exactly what the HTML says, word for word, with each link's
// address written out after its words.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as DomUtils from "domutils";
import type { AnyNode } from "domhandler";
import { parseDocument } from "htmlparser2";
import vnuJar from "vnu-jar";
import { describe, expect, it } from "vitest";
import { confirmEmailMail, knownAddressMail, passkeyAddedMail, resetPasswordMail } from "~/mail/account-mails";
import type { RenderedMail } from "~/mail/mail-document";
import { composeNotificationMail, type MailNotification } from "~/server/notifications/email/compose.server";

const SITE = "https://ra.capsiva.test";
const question = { questionId: 3, questionTitle: 'Gloves "at night" & <splints>', answerId: 11, createdAt: new Date("2026-01-02T03:04:05Z") };
const answer: MailNotification = { id: 7, kind: "answer", ...question, answerContent: "Mine are **cotton**, from Zoë's shop.", authorName: "Zoë" };
const notification = (items: MailNotification[], digest = false) =>
  composeNotificationMail({ siteUrl: SITE, to: "ann@example.com", displayName: "Ann", digest, items, unsubscribeToken: "signed-token" }) as RenderedMail;

const mails: Record<string, RenderedMail> = {
  "a new answer": notification([answer]),
  "a daily digest": notification(
    [
      answer,
      { id: 8, kind: "followed", ...question, answerId: 12, answerContent: "A second answer.", authorName: null },
      { id: 9, kind: "helpful", ...question, answerContent: null, authorName: null },
      { id: 10, kind: "helped-most", ...question, answerContent: null, authorName: null },
      {
        id: 11,
        kind: "story-returned",
        questionId: null,
        questionTitle: null,
        answerId: null,
        answerContent: null,
        authorName: null,
        postTitle: "Pacing",
        createdAt: new Date(),
      },
    ],
    true,
  ),
  "a story published": notification([
    {
      id: 12,
      kind: "story-published",
      questionId: null,
      questionTitle: null,
      answerId: null,
      answerContent: null,
      authorName: null,
      postTitle: "My week & me",
      createdAt: new Date(),
    },
  ]),
  "a password reset": resetPasswordMail("ann@example.com", `${SITE}/api/auth/reset-password/AbC123?callbackURL=%2Fauth%2Freset`),
  "an address to confirm": confirmEmailMail(`${SITE}/api/auth/verify-email?token=xyz&callbackURL=%2F`),
  "a sign-up with a known address": knownAddressMail("ann@example.com", SITE),
  "a passkey added": passkeyAddedMail({
    subject: "A passkey was added to your account",
    email: "ann@example.com",
    passkeyName: "Zoë's <laptop>",
    siteUrl: SITE,
  }),
};

/** The words the HTML shows in its body, in order, each link's address after its words (unless they are the address). */
function wordsOfHtml(html: string) {
  const main = DomUtils.findOne((e) => e.name === "main", parseDocument(html).children)!;
  const out: string[] = [];
  const walk = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (node.type === "text") out.push(node.data);
      else if ("children" in node) {
        walk(node.children);
        const href = "attribs" in node && node.name === "a" ? node.attribs.href : undefined;
        if (href && DomUtils.textContent(node) !== href) out.push(href);
      }
    }
  };
  walk(main.children);
  return out.join(" ").split(/\s+/).filter(Boolean);
}

/** The words of the text part, without its layout marks (list dashes, quote marks, the rule, link brackets). */
function wordsOfText(text: string) {
  return text
    .split(/\s+/)
    .filter((word) => word && !["-", ">", "--"].includes(word))
    .map((word) => word.replace(/^\[(https?:\/\/\S+)\]$/, "$1"));
}

describe("mails", () => {
  it.each(Object.entries(mails))("%s: a document in English with the subject as its title, the character set first", (_kind, mail) => {
    expect(mail.html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8"\/?>/i);
    const title = DomUtils.findOne((e) => e.name === "title", parseDocument(mail.html, { decodeEntities: true }).children);
    expect(title && DomUtils.textContent(title)).toBe(mail.subject);
  });

  it.each(Object.entries(mails))("%s: the text part says what the HTML says", (_kind, mail) => {
    expect(wordsOfText(mail.text)).toEqual(wordsOfHtml(mail.html));
    // Entities are decoded: "<" and "&" are written as themselves.
    expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i);
  });

  it("pass the Nu HTML Checker with no error or warning", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-mails-"));
    try {
      const files = Object.entries(mails).map(([kind, mail]) => {
        const file = path.join(dir, `${kind.replace(/\W+/g, "-")}.html`);
        fs.writeFileSync(file, mail.html);
        return file;
      });
      const { stderr } = await promisify(execFile)("java", ["-jar", String(vnuJar), "--format", "json", ...files]).catch((error: { stderr?: string }) => ({
        stderr: error.stderr ?? "",
      }));
      const { messages } = JSON.parse(stderr) as { messages: { type: string; subType?: string; message: string; url: string }[] };
      expect(messages.map((m) => `${path.basename(m.url)}: ${m.type}${m.subType ? `/${m.subType}` : ""}: ${m.message}`)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
