// The notifications page groups a member's notices by question, as forums do: one entry per
// question ("3 new answers on ..."), in the order of its latest activity, with one link. Notices
// about the account itself (no question) stay one entry each.

export interface NotificationItem {
  id: number;
  kind: string;
  questionId: number | null;
  questionTitle: string | null;
  createdAt: string;
  unread: boolean;
}

export interface NotificationGroup<T extends NotificationItem> {
  key: string;
  questionId: number | null;
  title: string | null;
  /** Newest first; the first is the one the group's link opens. */
  items: T[];
  unread: number;
}

const ANSWER_KINDS = new Set(["answer", "followed"]);

/** Groups one page of notifications (newest first) by question, latest activity first. */
export function groupNotifications<T extends NotificationItem>(items: readonly T[]): NotificationGroup<T>[] {
  const groups = new Map<string, NotificationGroup<T>>();
  for (const item of items) {
    const key = item.questionId === null ? `notice-${item.id}` : `question-${item.questionId}`;
    const group = groups.get(key) ?? { key, questionId: item.questionId, title: item.questionTitle, items: [], unread: 0 };
    group.items.push(item);
    if (item.unread) group.unread++;
    groups.set(key, group);
  }
  const latest = (g: NotificationGroup<T>) => g.items.reduce((max, i) => (i.createdAt > max ? i.createdAt : max), "");
  return [...groups.values()]
    .map((g) => ({ ...g, items: [...g.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id) }))
    .sort((a, b) => latest(b).localeCompare(latest(a)));
}

/** "3 new answers", "2 answers", "4 notifications, 1 new": the start of a group's heading. */
export function groupSummary(group: NotificationGroup<NotificationItem>) {
  const n = group.items.length;
  const answers = group.items.every((i) => ANSWER_KINDS.has(i.kind));
  const noun = `${answers ? "answer" : "notification"}${n === 1 ? "" : "s"}`;
  if (group.unread === n) return `${n} new ${noun}`;
  if (group.unread === 0) return `${n} ${noun}`;
  return `${n} ${noun}, ${group.unread} new,`;
}
