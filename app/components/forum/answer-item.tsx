// One answer on the question page: its body, author and marks, and the buttons its reader may use
// (helpful, helped most, edit or report, hide). The page decides who may see which; this draws it.
import { AuthorName } from "~/components/author-name";
import { StaffRole } from "~/components/staff-role";
import { AnswerToggle } from "~/components/forum/answer-toggle";
import { ACTION_SEPARATOR } from "~/components/forum/quiet-action";
import { HIDDEN_POST, HiddenNote, ModeratorControls, OwnerControls, type ActionData } from "~/components/forum/question-controls";
import { ReportForm } from "~/components/forum/report-form";
import { HiddenFromOthers } from "~/components/forum/hidden-from-others";
import { MutedFold } from "~/components/forum/muted-fold";
import { PostBody } from "~/components/post-body";
import { RelativeTime } from "~/components/relative-time";
import { Card, CardContent } from "~/components/ui/card";
import type { ShownDraft } from "~/lib/draft-kinds";

/** An answer as the question page's loader sends it: `content` is the typed text, for its author only. */
export type ShownAnswer = {
  id: number;
  contentHtml: string;
  content: string;
  authorName: string;
  authorProfile: string | null | undefined;
  createdAt: string | Date;
  updatedAt: string | Date;
  helpfulCount: number;
  hidden: boolean;
  isMine: boolean;
  helpful: boolean;
  helpedMost: boolean;
  /** 'admin' or 'moderator' when the author is one (shown as their role). */
  authorRole?: string | null;
  /** Whether its author may still delete it (nobody marked it). */
  deletable?: boolean;
  /** Its author's unfinished edit of it (theirs only). */
  editDraft?: ShownDraft | null;
  /** Why a moderator hid it, and whether its author asked for another look (their own page only). */
  hiddenReason?: string | null;
  lookAsked?: boolean;
  held?: boolean;
  /** By a member the reader muted: folded for them. */
  muted?: boolean;
};

export function AnswerItem({
  answer,
  signedIn,
  asker,
  moderator,
  result,
  memberId = null,
}: {
  memberId?: string | null;
  answer: ShownAnswer;
  signedIn: boolean;
  asker: boolean;
  moderator: boolean;
  result?: ActionData;
}) {
  const n = answer.helpfulCount;
  const markable = !answer.isMine && !answer.hidden;
  return (
    <li id={`answer-${answer.id}`} tabIndex={-1} className="scroll-mt-20 rounded-xl focus-ring">
      <Card
        className={answer.hidden ? HIDDEN_POST : answer.helpedMost ? "border-2 border-success" : undefined}
        data-hidden-post={answer.hidden ? "" : undefined}
      >
        <CardContent className="grid gap-2 pt-6">
          {answer.hidden && answer.isMine ? (
            <HiddenFromOthers
              targetType="answer"
              targetId={answer.id}
              reason={answer.hiddenReason ?? null}
              lookAsked={answer.lookAsked ?? false}
              held={answer.held}
            />
          ) : answer.hidden ? (
            <HiddenNote what="answer" />
          ) : null}
          {answer.helpedMost ? <p className="font-semibold text-success">Helped the asker most</p> : null}
          <MutedFold muted={answer.muted ?? false} name={answer.authorName}>
            <PostBody html={answer.contentHtml} />
            <p className="text-sm text-muted-foreground">
              <AuthorName name={answer.authorName} profile={answer.authorProfile} />
              <StaffRole role={answer.authorRole} /> · <RelativeTime date={answer.createdAt} />
              {answer.updatedAt !== answer.createdAt ? " · edited" : null}
              {n ? ` · ${n} found this helpful` : null}
            </p>
          </MutedFold>
          {signedIn ? (
            // Helpful first and weightiest; Report, Edit, Delete and Hide after a line, in plain words.
            <div className="flex flex-wrap items-start gap-2">
              {markable ? <AnswerToggle intent="helpful" answerId={answer.id} pressed={answer.helpful} /> : null}
              {asker && markable ? <AnswerToggle intent="helped-most" answerId={answer.id} pressed={answer.helpedMost} /> : null}
              {markable ? <span aria-hidden="true" className={ACTION_SEPARATOR} /> : null}
              {answer.isMine ? (
                <OwnerControls
                  kind="answer"
                  id={answer.id}
                  content={answer.content}
                  deletable={answer.deletable}
                  result={result}
                  memberId={memberId}
                  draft={answer.editDraft ?? null}
                  hidden={answer.hidden}
                />
              ) : null}
              {answer.hidden || (answer.isMine && answer.deletable) ? null : <ReportForm targetType="answer" targetId={answer.id} result={result} />}
              {moderator ? <ModeratorControls targetType="answer" targetId={answer.id} hidden={answer.hidden} /> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
