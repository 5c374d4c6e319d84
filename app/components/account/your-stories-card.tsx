// The account page's list of the member's own stories, with where each stands in review.
import { Link } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export interface OwnStory {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  returned: boolean;
  /** Published once, then taken off the blog by an editor. */
  unpublished?: boolean;
  createdAt: Date | string;
}

export function YourStoriesCard({ stories }: { stories: OwnStory[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your stories</CardTitle>
        <CardDescription>Stories you share wait for an editor before they appear on the blog.</CardDescription>
      </CardHeader>
      <CardContent>
        {stories.length === 0 ? (
          <p>
            You have not shared a story yet.{" "}
            <Link to="/blog#share-story" className="underline">
              Share your story
            </Link>
          </p>
        ) : (
          <ul className="grid gap-2">
            {stories.map((s) => (
              <li key={s.id} id={`story-${s.id}`} className="flex flex-wrap items-center gap-2">
                {s.published ? (
                  <Link to={`/article/${s.slug}`} className="underline">
                    {s.title}
                  </Link>
                ) : (
                  <Link to={`/account/stories/${s.id}`} className="inline-flex min-h-11 items-center underline">
                    {s.title}
                  </Link>
                )}
                <Badge variant={s.published ? "success" : "secondary"}>
                  {s.published ? "Published" : s.returned ? "Returned with a note" : s.unpublished ? "Unpublished" : "Waiting for review"}
                </Badge>
                <RelativeTime date={s.createdAt} className="text-sm text-muted-foreground" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
