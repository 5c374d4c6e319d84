import { data, Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { RelativeTime } from "~/components/relative-time";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { preview } from "~/lib/featured";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { profilePage } from "~/server/site/site.server";
import type { Route } from "./+types/member-profile";
import { publicPage } from "~/lib/public-page";
import { getViewer } from "~/server/accounts/accounts.server";
import { muteChoice } from "~/server/members/members.server";
import { MuteForm } from "~/components/mute-form";
import { MutedFold } from "~/components/forum/muted-fold";
import { isPageNumber, pageNumberOf, pageQuery, type PageHandle } from "~/lib/page-query";

const ANSWER_PREVIEW = 160;

// A member chose to show this page to readers of the site, not to search engines: it is left
// out of the sitemap and asks not to be indexed.
export const headers = publicPage;
export const handle: PageHandle = { query: { page: isPageNumber } };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seo(siteUrlFrom(matches), {
        title: `${loaderData.displayName} in the RA community`,
        description: `Questions and answers by ${loaderData.displayName}, a member of the RA community.`,
        path: `/members/${loaderData.handle}${loaderData.page > 1 ? `?page=${loaderData.page}` : ""}`,
        noindex: true,
      })
    : seo(siteUrlFrom(matches), { title: "Member not found", noindex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const requested = pageNumberOf(pageQuery(request.url, handle.query));
  const profile = await profilePage(context.get(runtimeContext), params.handle, requested);
  if (!profile) throw data(null, { status: 404 });
  if (profile.page !== requested || requested > profile.pageCount) throw data(null, { status: 404 });
  // A signed-in reader's page (never stored) says whether they muted this member; readers' pages do not.
  const mute = viewer ? await muteChoice(context.get(runtimeContext).db, viewer.id, profile.memberId) : null;
  return {
    mute,
    // The reader muted this member: every post listed here is folded on their page (never stored);
    // readers' data stays as it was.
    ...(mute && mute.muteId !== null ? { folded: true } : {}),
    handle: profile.handle,
    displayName: profile.displayName,
    joinedAt: profile.joinedAt,
    page: profile.page,
    pageCount: profile.pageCount,
    questionTotal: profile.questionTotal,
    answerTotal: profile.answerTotal,
    questions: profile.questions,
    answers: profile.answers.map((a) => ({
      id: a.id,
      questionId: a.questionId,
      questionTitle: a.questionTitle,
      excerpt: preview(a.content, ANSWER_PREVIEW),
      createdAt: a.createdAt,
    })),
  };
}

const joined = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function MemberProfile({ loaderData: p }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <header className="grid gap-1">
        <h1 className="wrap-anywhere text-3xl font-bold">{p.displayName}</h1>
        <p className="text-muted-foreground">
          {`Member since ${joined(p.joinedAt)} · ${plural(p.questionTotal, "question", "questions")} · ${plural(p.answerTotal, "answer", "answers")}`}
        </p>
        {p.mute ? <MuteForm handle={p.handle} name={p.displayName} muteId={p.mute.muteId} /> : null}
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Questions</CardTitle>
        </CardHeader>
        <CardContent>
          {p.questions.length === 0 ? (
            <p className="text-muted-foreground">{p.page === 1 ? "No questions yet." : "No more questions."}</p>
          ) : (
            <ul className="grid gap-1">
              {p.questions.map((q) => (
                <li key={q.id} className="flex flex-wrap items-baseline gap-x-2">
                  <MutedFold muted={p.folded === true} name={p.displayName}>
                    <Link to={`/forum/${q.id}`} className="inline-flex min-h-11 items-center font-medium underline wrap-anywhere">
                      {q.title}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {plural(q.answerCount, "answer", "answers")} · <RelativeTime date={q.createdAt} />
                    </span>
                  </MutedFold>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Answers</CardTitle>
        </CardHeader>
        <CardContent>
          {p.answers.length === 0 ? (
            <p className="text-muted-foreground">{p.page === 1 ? "No answers yet." : "No more answers."}</p>
          ) : (
            <ul className="grid gap-3">
              {p.answers.map((a) => (
                <li key={a.id} className="grid gap-0.5">
                  <MutedFold muted={p.folded === true} name={p.displayName}>
                    <Link to={`/forum/${a.questionId}#answer-${a.id}`} className="inline-flex min-h-11 items-center font-medium underline wrap-anywhere">
                      {a.questionTitle}
                    </Link>
                    <p className="wrap-anywhere">{a.excerpt}</p>
                    <RelativeTime date={a.createdAt} className="text-sm text-muted-foreground" />
                  </MutedFold>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Pagination page={p.page} pageCount={p.pageCount} basePath={`/members/${p.handle}`} label={`Pages of ${p.displayName}'s posts`} />
    </div>
  );
}
