// The forum's list of questions as /forum and each topic's page show it: one row per question,
// the controls that choose the topic and the order (a plain GET form), and the topics as links.
import { AuthorName } from "~/components/author-name";
import { CardLink } from "~/components/card-link";
import { MutedFold } from "~/components/forum/muted-fold";
import { Form, Link, useNavigate } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label, Select } from "~/components/ui/input";
import { FORUM_SORTS, forumListHref, isForumSort, SORT_LABELS, type ForumSort } from "~/lib/forum-list";

export interface ListedAnswer {
  id: number;
  content: string;
  createdAt: string;
  authorName: string;
  authorProfile: string | null;
  /** The author's name when the reader muted them (their own page only): the answer is folded. */
  muted?: string;
}

export interface ListedQuestion {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  authorName: string;
  authorProfile: string | null;
  answerCount: number;
  lastActivityAt: string;
  topic: { slug: string; name: string } | null;
  recentAnswers: ListedAnswer[];
  /** The author's name when the reader muted them (their own page only): the row is folded. */
  muted?: string;
}

export interface TopicLink {
  slug: string;
  name: string;
}

export const topicPath = (slug: string) => `/forum/topics/${slug}`;

/** What the list is, said to screen readers (its order, and whether only unanswered ones). */
export const LIST_LABELS: Record<ForumSort, string> = {
  newest: "Questions, newest first",
  unanswered: "Unanswered questions, newest first",
  active: "Questions, most recently active first",
};

function AnswerPreview({ answer }: { answer: ListedAnswer }) {
  return (
    <li className="forum-answer">
      <MutedFold muted={answer.muted !== undefined} name={answer.muted ?? ""}>
        <p>{answer.content}</p>
        <p>
          <AuthorName name={answer.authorName} profile={answer.authorProfile} />
          {" · "}
          <RelativeTime date={answer.createdAt} />
        </p>
      </MutedFold>
    </li>
  );
}

// Lucide's message-circle and chevron-down, drawn once per list and used by every row (twenty rows
// of inline paths were a sixth of the list's markup, and markup is what a render costs).
const ICONS = (
  <svg className="absolute size-0 overflow-hidden" aria-hidden="true">
    <symbol id="forum-icon-answers" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
    </symbol>
    <symbol id="forum-icon-chevron" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m6 9 6 6 6-6" />
    </symbol>
  </svg>
);
const ANSWERS_ICON = (
  <svg className="size-4" aria-hidden="true">
    <use href="#forum-icon-answers" />
  </svg>
);
// Turned up while the answers are open.
const CHEVRON = (
  <svg className="forum-chevron" aria-hidden="true">
    <use href="#forum-icon-chevron" />
  </svg>
);

/** "Ana Lopez" gives "AL", "Anonymous" "A": the author's mark beside each row. */
function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? "")
    .join("")
    .toUpperCase();
}

/**
 * One question as one row a regular can scan: the author's initials, the title, up to two lines
 * of its text, answers, author, asked and last active, then its links: its topic, the question and
 * "Show 2 recent answers", under which the first answers stay one click away. The whole row is the
 * title link's touch target; its other links sit above that (relative z-10).
 */
function QuestionRow({ question, showTopic }: { question: ListedQuestion; showTopic: boolean }) {
  const n = question.answerCount;
  const href = `/forum/${question.id}`;
  return (
    <li className="forum-row" data-question-row="">
      <span aria-hidden="true" className="forum-mark">
        {initials(question.authorName)}
      </span>
      <div className="forum-body">
        {/* A muted author's row: folded whole (title, text, links), opened with Show. */}
        <MutedFold muted={question.muted !== undefined} name={question.muted ?? ""} raised>
          <h2 className="forum-title">
            <CardLink to={href} className="after:rounded-none">
              {question.title}
            </CardLink>
          </h2>
          <p className="forum-excerpt" data-excerpt="">
            {question.content.replace(/\s+/g, " ")}
          </p>
          <p className="forum-meta">
            <span className="forum-count">
              {ANSWERS_ICON}
              {` ${n} ${n === 1 ? "answer" : "answers"}`}
            </span>
            <span className="relative z-10">
              <AuthorName name={question.authorName} profile={question.authorProfile} />
              {" · asked "}
              <RelativeTime date={question.createdAt} />
            </span>
            <span>
              {"last activity "}
              <RelativeTime date={question.lastActivityAt} />
            </span>
          </p>
          {/* The row's links on one line of 44 px targets; opened, the answers take a line of their own. */}
          <div className="forum-links">
            {showTopic && question.topic ? (
              <Link to={topicPath(question.topic.slug)} className="forum-link" data-topic="">
                <span className="sr-only">Topic: </span>
                {question.topic.name}
              </Link>
            ) : null}
            <Link to={href} className="forum-link text-link">
              {/* The list does not know who is reading: words that suit the asker too. */}
              {n ? "Read all answers" : "No answers yet"}
              <span className="sr-only">{`: ${question.title}`}</span>
            </Link>
            {question.recentAnswers.length ? (
              <details className="forum-more">
                <summary>
                  {`Show ${question.recentAnswers.length} recent ${question.recentAnswers.length === 1 ? "answer" : "answers"}`}
                  <span className="sr-only">{` to ${question.title}`}</span>
                  {CHEVRON}
                </summary>
                <p className="mt-1 mb-2 font-semibold">Recent Answers</p>
                <ul className="grid gap-2">
                  {question.recentAnswers.map((a) => (
                    <AnswerPreview key={a.id} answer={a} />
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </MutedFold>
      </div>
    </li>
  );
}

/** The rows, or what to say when the list is empty (an empty topic, no unanswered questions). */
export function QuestionList({
  questions,
  sort,
  showTopic = true,
  empty,
}: {
  questions: ListedQuestion[];
  sort: ForumSort;
  showTopic?: boolean;
  empty: { title: string; text: string };
}) {
  if (questions.length === 0) {
    return (
      <Card>
        <CardContent className="py-12 text-center">
          <h2 className="text-xl font-semibold">{empty.title}</h2>
          <p className="mt-2 text-muted-foreground">{empty.text}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      {ICONS}
      <ol className="rounded-xl border bg-card px-4 text-card-foreground" aria-label={LIST_LABELS[sort]}>
        {questions.map((q) => (
          <QuestionRow key={q.id} question={q} showTopic={showTopic} />
        ))}
      </ol>
    </>
  );
}

/**
 * Which questions and in what order: a GET form, so it works without JavaScript and every choice
 * has an address of its own. The topic select is there on /forum (`topics`), not on a topic's page.
 */
export function ListControls({ action, sort, topics, topic }: { action: string; sort: ForumSort; topics?: readonly TopicLink[]; topic?: string | null }) {
  const navigate = useNavigate();
  return (
    // Two columns on a phone (both selects on one row, or the select beside the button), so the
    // questions start higher up; a row on wider screens. With scripts a choice applies at once
    // (the list changes, focus stays on the select); the button is for browsers without them.
    <Form
      method="get"
      action={action}
      preventScrollReset
      onChange={(event) => {
        // Straight to the list's one address (no empty topic, no default order).
        const chosen = new FormData(event.currentTarget);
        const sorted = chosen.get("sort");
        void navigate(forumListHref(action, { topic: String(chosen.get("topic") ?? "") || null, sort: isForumSort(sorted) ? sorted : undefined }), {
          preventScrollReset: true,
        });
      }}
      className="mb-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      aria-label="Choose which questions to show"
    >
      {topics ? (
        <div className="grid gap-1.5">
          {/* Not "Topic": that is the ask form's field, which can be on the same page. */}
          <Label htmlFor="list-topic">Questions in</Label>
          <Select id="list-topic" name="topic" defaultValue={topic ?? ""} className="w-full px-2 sm:w-auto sm:min-w-48">
            <option value="">All topics</option>
            {topics.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="list-sort">Sort by</Label>
        <Select id="list-sort" name="sort" defaultValue={sort} className="w-full px-2 sm:w-auto sm:min-w-48">
          {FORUM_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" className={topics ? "col-span-2 sm:col-auto" : undefined}>
        Show questions
      </Button>
    </Form>
  );
}

/** The topics as links to their pages (and to the list of all topics). */
export function TopicLinks({ topics, current }: { topics: readonly TopicLink[]; current?: string | null }) {
  if (!topics.length) return null;
  return (
    // A heading and its list rather than a labelled landmark, so that on /forum?ask=1 the ask
    // form's Topic field is the one thing whose label speaks of a topic.
    <div className="mt-8">
      <h2 className="mb-2 text-lg font-semibold">Browse by topic</h2>
      <ul className="flex flex-wrap gap-2">
        {topics.map((t) => (
          <li key={t.slug}>
            <Link to={topicPath(t.slug)} aria-current={t.slug === current ? "page" : undefined} className="topic-chip">
              {t.name}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/forum/topics" className="inline-flex min-h-11 items-center px-2 font-medium underline">
            All topics
          </Link>
        </li>
      </ul>
    </div>
  );
}
