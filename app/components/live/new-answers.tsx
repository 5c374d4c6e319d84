// On a question page: "1 new answer" with a button that shows them, once the live stream says the
// question changed and the page's own route says this viewer can see an answer not shown yet.
// Announced once, politely; focus stays where it is (in the answer box, say). Without JavaScript
// a link loads the page again. A member who sees the answers has read their notifications.
import * as React from "react";
import { Link, useOutletContext, useRevalidator } from "react-router";
import type { Live } from "./live-state";
import { LiveNotice } from "./announce";

/** What the root's live stream has heard (its outlet context). */
export const useLive = (): Live => useOutletContext<Live | undefined>() ?? { question: 0, inbox: 0, unread: null, at: 0 };

export const newAnswersText = (n: number) => `${n} new ${n === 1 ? "answer" : "answers"}`;

export function NewAnswers({ questionId, shownIds, unreadHere }: { questionId: number; shownIds: number[]; unreadHere: boolean }) {
  const live = useLive();
  const revalidator = useRevalidator();
  // The answers this viewer may see, as last asked for, and which question they belong to.
  const [visible, setVisible] = React.useState<{ questionId: number; ids: number[] } | null>(null);

  // Asked again on each change to this question only (not on every event the stream hears).
  const at = React.useRef(live.at);
  at.current = live.at;
  React.useEffect(() => {
    if (!live.question) return;
    const controller = new AbortController();
    fetch(`/forum/${questionId}/live?at=${at.current}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ answerIds: number[] }>) : null))
      .then((body) => body && setVisible({ questionId, ids: body.answerIds }))
      .catch(() => {});
    return () => controller.abort();
  }, [live.question, questionId]);

  const shown = new Set(shownIds);
  const fresh = visible?.questionId === questionId ? visible.ids.filter((id) => !shown.has(id)) : [];
  const count = fresh.length;
  // Once asked for, the first new answer takes focus (the button that was pressed goes away).
  const focusNext = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (focusNext.current === null || !shownIds.includes(focusNext.current)) return;
    document.getElementById(`answer-${focusNext.current}`)?.focus();
    focusNext.current = null;
  }, [shownIds]);
  useMarkRead(questionId, unreadHere, shownIds.join(","));

  return (
    <div className="grid gap-2">
      <LiveNotice
        count={count}
        text={newAnswersText(count)}
        busy={revalidator.state === "loading"}
        onShow={() => {
          focusNext.current = fresh[0] ?? null;
          void revalidator.revalidate();
        }}
      />
      <p>
        <Link
          to={`/forum/${questionId}/check`}
          rel="nofollow"
          reloadDocument
          className="inline-flex min-h-11 items-center text-sm underline"
          onClick={(event) => {
            // With JavaScript the page's data is read again in place; without, the link reloads it.
            event.preventDefault();
            void revalidator.revalidate();
          }}
        >
          Check for new answers
        </Link>
      </p>
    </div>
  );
}

/**
 * Marks the member's notifications about this question read while they have unread ones here. A
 * plain request, not a router form: a form's answer would read the page's data again, and nothing
 * on the page may move by itself. The live stream then tells the bell that the inbox changed.
 */
function useMarkRead(questionId: number, unreadHere: boolean, shownKey: string) {
  React.useEffect(() => {
    if (!unreadHere) return;
    fetch(`/forum/${questionId}/read`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }).catch(() => {});
  }, [questionId, unreadHere, shownKey]);
}
