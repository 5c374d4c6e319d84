// The account page's list of the topics the member follows, each with Unfollow (a plain form
// posted to the topic's page, which sends the member back here).
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export interface FollowedTopic {
  id: number;
  slug: string;
  name: string;
}

export function FollowedTopicsCard({ topics }: { topics: FollowedTopic[] }) {
  return (
    <Card id="followed-topics">
      <CardHeader>
        <CardTitle>Topics you follow</CardTitle>
        <CardDescription>You are told of each new question in these topics, by notification and by email as you chose above.</CardDescription>
      </CardHeader>
      <CardContent>
        {topics.length === 0 ? (
          <p>
            You do not follow any topic yet. Open one from{" "}
            <Link to="/forum/topics" className="inline-flex min-h-11 items-center underline">
              the list of topics
            </Link>{" "}
            and choose Follow.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Topics you follow">
            {topics.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3" data-followed-topic={t.slug}>
                <Link to={`/forum/topics/${t.slug}`} className="inline-flex min-h-11 items-center underline">
                  {t.name}
                </Link>
                <Form method="post" action={`/forum/topics/${t.slug}`}>
                  <input type="hidden" name="intent" value="unfollow" />
                  <input type="hidden" name="back" value="account" />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Unfollow ${t.name}`}>
                    Unfollow
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
