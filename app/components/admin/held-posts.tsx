// New members' posts held for a look (holds.server.ts), beside the reports: each with its words,
// where it was posted, and Approve (it shows) or Reject (it stays hidden; its author is told).
import { Form, Link } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

export interface HeldPostView {
  targetType: "question" | "answer";
  targetId: number;
  questionId: number;
  title: string;
  content: string;
  authorName: string;
  createdAt: string;
}

export function HeldPosts({ held }: { held: HeldPostView[] }) {
  return (
    <section aria-labelledby="held-posts" className="grid gap-3" data-held-posts="">
      <h2 id="held-posts" className="text-2xl font-semibold">
        New members’ posts to approve ({held.length})
      </h2>
      {held.length === 0 ? <p>No posts are waiting for approval.</p> : null}
      <ul className="grid gap-3">
        {held.map((p) => (
          <li key={`${p.targetType}-${p.targetId}`}>
            <Card>
              <CardContent className="grid gap-2 pt-6">
                <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="secondary">{p.targetType === "question" ? "Question" : "Answer"}</Badge>
                  <span>
                    By {p.authorName} · <RelativeTime date={p.createdAt} />
                  </span>
                </p>
                <p className="font-semibold wrap-anywhere">
                  {p.targetType === "answer" ? "On: " : null}
                  <Link to={`/forum/${p.questionId}`} className="underline">
                    {p.title}
                  </Link>
                </p>
                <blockquote className="line-clamp-6 whitespace-pre-line wrap-anywhere border-l-4 pl-3">{p.content}</blockquote>
                <div className="flex flex-wrap gap-2">
                  {(["approve", "reject"] as const).map((intent) => (
                    <Form method="post" key={intent}>
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="targetType" value={p.targetType} />
                      <input type="hidden" name="targetId" value={p.targetId} />
                      <Button type="submit" size="sm" variant={intent === "approve" ? "default" : "outline"}>
                        {intent === "approve" ? "Approve" : "Reject"}
                      </Button>
                    </Form>
                  ))}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
