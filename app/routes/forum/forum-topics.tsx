// /forum/topics: every topic of the forum, in the order admins set, with what it is about and how
// many questions it has; each links to its own page.
import { Link } from "react-router";
import { topicPath } from "~/components/forum/question-list";
import { Card, CardContent } from "~/components/ui/card";
import { publicPage } from "~/lib/public-page";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { topicListWithCounts } from "~/server/site/site.server";
import type { Route } from "./+types/forum-topics";

export const headers = publicPage;

export async function loader({ context }: Route.LoaderArgs) {
  const topics = await topicListWithCounts(context.get(runtimeContext));
  return { topics: topics.map((t) => ({ slug: t.slug, name: t.name, description: t.description, questions: t.questions })) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Forum topics",
    description: "The topics of the community forum for people living with rheumatoid arthritis, from hands and mornings to work, feelings and diagnosis.",
    path: "/forum/topics",
  });

export default function ForumTopics({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="mb-4">
        <Link to="/forum" className="inline-flex min-h-11 items-center underline">
          ← Back to the forum
        </Link>
      </nav>
      <h1 className="mb-6 text-3xl font-bold">Forum topics</h1>
      {topics.length === 0 ? (
        <p className="text-muted-foreground">There are no topics yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {topics.map((t) => (
            <li key={t.slug}>
              <Card className="h-full">
                <CardContent className="grid gap-1 pt-6">
                  <h2 className="text-xl font-semibold">
                    <Link to={topicPath(t.slug)} className="inline-flex min-h-11 min-w-11 items-center underline">
                      {t.name}
                    </Link>
                  </h2>
                  {t.description ? <p className="text-muted-foreground">{t.description}</p> : null}
                  <p className="text-sm text-muted-foreground">{`${t.questions} ${t.questions === 1 ? "question" : "questions"}`}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
