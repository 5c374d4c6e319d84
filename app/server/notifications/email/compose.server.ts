// What a notification mail says: its subject, greeting, and one line per notification, grouped
// by question; app/mail/notification-mail.tsx lays them out as HTML and the same words as text.
// Each item links to /notifications/<id>, which marks it read and opens the answer. Every mail
// carries one-click unsubscribe (RFC 8058).
import { isStoryKind, storyNoticeText } from "~/lib/story-notices";
import { HIDDEN_KIND, hiddenNoticeText } from "~/lib/hidden-posts";
import { SITE_NAME } from "~/lib/seo";
import { renderNotificationMail } from "~/mail/notification-mail";
import type { Mail } from "~/server/infra/mail.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import { shownName } from "~/server/members/members.server";

/** A forum notification (question and answer), or a story notice (the story's title only). */
export interface MailNotification {
  id: number;
  kind: string;
  questionId: number | null;
  questionTitle: string | null;
  answerId: number | null;
  answerContent: string | null;
  authorName: string | null;
  postTitle?: string | null;
  /** A hidden post's notice: the report reason. */
  reason?: string | null;
  createdAt: Date | string;
}

const STORIES = "Your stories";
const groupTitle = (item: MailNotification) => (isStoryKind(item.kind) ? STORIES : (item.questionTitle ?? ""));

const EXCERPT = 280;

function who(name: string | null) {
  return shownName(name) ?? "Anonymous";
}

/** One line saying what happened. */
function headline(item: MailNotification) {
  if (item.kind === HIDDEN_KIND) return hiddenNoticeText(item.answerId === null ? "question" : "answer", item.questionTitle ?? "", item.reason ?? null);
  if (isStoryKind(item.kind)) return storyNoticeText(item.kind, item.postTitle ?? "").replace(/\.$/, "");
  switch (item.kind) {
    case "answer":
      return `${who(item.authorName)} answered your question`;
    case "helpful":
      return "Someone found your answer helpful";
    case "helped-most":
      return "The asker says your answer helped them most";
    case "topic-question":
      return `${who(item.authorName)} asked a new question in a topic you follow`;
    default:
      return `${who(item.authorName)} answered a question you follow`;
  }
}

function excerpt(item: MailNotification) {
  if (item.kind === HIDDEN_KIND) return "";
  if (item.kind === "helpful" || item.kind === "helped-most" || !item.answerContent) return "";
  const text = postPlainText(item.answerContent);
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
}

function subjectOf(items: MailNotification[], digest: boolean) {
  if (digest) return `Your daily digest: ${items.length} new notification${items.length === 1 ? "" : "s"}`;
  if (isStoryKind(items[0].kind)) return headline(items[0]);
  if (items[0].kind === HIDDEN_KIND) return `A moderator hid your ${items[0].answerId === null ? "question" : "answer"} from others`;
  const title = items[0].questionTitle;
  if (items.length === 1 && items[0].kind === "topic-question") return `New question in a topic you follow: "${title}"`;
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
  const name = shownName(input.displayName);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const link = (item: MailNotification) => `${base}/notifications/${item.id}`;

  // Grouped by question (story notices together), in the order they happened.
  const groups = new Map<string, MailNotification[]>();
  for (const item of input.items) {
    const key = isStoryKind(item.kind) ? "stories" : `q:${item.questionId}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const first = input.items[0];
  const intro = input.digest
    ? `Here is what happened in the ${SITE_NAME} forum since your last digest.`
    : isStoryKind(first.kind)
      ? `Here is news from the editors of the ${SITE_NAME} blog.`
      : first.kind === HIDDEN_KIND
        ? `A moderator of the ${SITE_NAME} forum hid one of your posts. You still see it; you can edit it and ask for another look.`
        : `Here is what is new on "${first.questionTitle}" in the ${SITE_NAME} forum.`;
  const mail = renderNotificationMail({
    subject: subjectOf(input.items, input.digest),
    greeting,
    intro,
    groups: [...groups.values()].map((items) => ({
      heading: groupTitle(items[0]),
      items: items.map((item) => ({ headline: headline(item), quote: excerpt(item), link: link(item) })),
    })),
    settingsUrl: settings,
    unsubscribeUrl: unsubscribe,
  });
  return {
    to: input.to,
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
