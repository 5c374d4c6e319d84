// The words of a notification mail: a plain-text part (read by every mail program and screen
// reader) and a simple HTML part saying the same. Each item links to /notifications/<id>, which
// marks it read and opens the answer. Every mail carries one-click unsubscribe (RFC 8058).
import { escapeHtml } from "~/lib/escape";
import { SITE_NAME } from "../env.server";
import type { Mail } from "../mail.server";
import { postPlainText } from "../post-markdown.server";

export interface MailNotification {
  id: number;
  kind: string;
  questionId: number;
  questionTitle: string;
  answerId: number;
  answerContent: string;
  authorName: string | null;
  createdAt: Date | string;
}

const EXCERPT = 280;

function who(name: string | null) {
  return name && name.trim() ? name.trim() : "Anonymous";
}

/** One line saying what happened. */
function headline(item: MailNotification) {
  switch (item.kind) {
    case "answer":
      return `${who(item.authorName)} answered your question`;
    case "helpful":
      return "Someone found your answer helpful";
    case "helped-most":
      return "The asker says your answer helped them most";
    default:
      return `${who(item.authorName)} answered a question you follow`;
  }
}

function excerpt(item: MailNotification) {
  if (item.kind === "helpful" || item.kind === "helped-most") return "";
  const text = postPlainText(item.answerContent);
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
}

function subjectOf(items: MailNotification[], digest: boolean) {
  if (digest) return `Your daily digest: ${items.length} new notification${items.length === 1 ? "" : "s"}`;
  const title = items[0].questionTitle;
  const answers = items.filter((i) => i.kind === "answer" || i.kind === "followed").length;
  if (answers === items.length) return answers === 1 ? `New answer to "${title}"` : `${answers} new answers to "${title}"`;
  if (items.length === 1) return items[0].kind === "helped-most" ? `Your answer helped most on "${title}"` : `Your answer on "${title}" was marked helpful`;
  return `${items.length} updates on "${title}"`;
}

export function composeNotificationMail(input: {
  siteUrl: string;
  to: string;
  displayName: string | null;
  digest: boolean;
  items: MailNotification[];
  unsubscribeToken: string;
}): Mail {
  const base = input.siteUrl.replace(/\/$/, "");
  const unsubscribe = `${base}/email/unsubscribe?token=${input.unsubscribeToken}`;
  const settings = `${base}/account#email-notifications`;
  const greeting = input.displayName?.trim() ? `Hello ${input.displayName.trim()},` : "Hello,";
  const link = (item: MailNotification) => `${base}/notifications/${item.id}`;

  // Grouped by question, in the order they happened.
  const groups = new Map<number, MailNotification[]>();
  for (const item of input.items) groups.set(item.questionId, [...(groups.get(item.questionId) ?? []), item]);

  const text: string[] = [greeting, "", input.digest ? `Here is what happened in the ${SITE_NAME} forum since your last digest.` : `Here is what is new on "${input.items[0].questionTitle}" in the ${SITE_NAME} forum.`];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(text[2])}</p>`];
  for (const items of groups.values()) {
    text.push("", `"${items[0].questionTitle}"`);
    html.push(`<h2 style="font-size:18px">${escapeHtml(items[0].questionTitle)}</h2><ul>`);
    for (const item of items) {
      const quote = excerpt(item);
      text.push(`- ${headline(item)}.`);
      if (quote) text.push(`  "${quote}"`);
      text.push(`  Read it: ${link(item)}`);
      html.push(
        `<li><p>${escapeHtml(headline(item))}.</p>${quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : ""}` +
          `<p><a href="${escapeHtml(link(item))}">Read it on the site</a></p></li>`,
      );
    }
    html.push("</ul>");
  }
  const footer = [
    `You get these emails because of your notification settings: ${settings}`,
    `Stop all notification emails with one click: ${unsubscribe}`,
    "",
    `${SITE_NAME}: educational community discussion, not medical advice.`,
  ];
  text.push("", "--", ...footer);
  html.push(
    `<hr><p style="font-size:14px">You get these emails because of your <a href="${escapeHtml(settings)}">notification settings</a>. ` +
      `<a href="${escapeHtml(unsubscribe)}">Stop all notification emails</a>.</p>`,
    `<p style="font-size:14px">${escapeHtml(SITE_NAME)}: educational community discussion, not medical advice.</p>`,
  );
  const subject = subjectOf(input.items, input.digest);
  // A whole document: the charset declared first (or programs guess, and "Zoë" is garbled) and
  // the subject as its title, which "view in browser" and screen readers show.
  const head = `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`;
  return {
    to: input.to,
    subject,
    text: text.join("\n"),
    html: `<!doctype html><html lang="en">${head}<body style="font-family:sans-serif;font-size:16px;line-height:1.5">${html.join("\n")}</body></html>`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
