import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { countStoriesToReview } from "~/server/blog/blog.server";
import { runtimeContext } from "~/server/context";
import { countOpenReports } from "~/server/moderation/moderation.server";
import { requireRole } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Admin", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(request, context, "moderator");
  const { db } = context.get(runtimeContext);
  // What waits for someone, read on each visit: moderators see reports, admins stories too.
  const [reports, stories] = await Promise.all([countOpenReports(db), viewer.role === "admin" ? countStoriesToReview(db) : 0]);
  return { role: viewer.role, waiting: { reports, stories } };
}

/** "3 waiting" in the section's link, so its name says it; quiet words when nothing waits. */
function Waiting({ n, one, many }: { n: number; one: string; many: string }) {
  const text = `${n} ${n === 1 ? one : many}`;
  return n > 0 ? (
    <Badge className="align-middle" data-waiting={n}>
      {text}
    </Badge>
  ) : (
    <span className="text-base font-normal text-muted-foreground" data-waiting={0}>
      ({text})
    </span>
  );
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { reports, stories } = loaderData.waiting;
  const sections = [
    {
      to: "/admin/reports",
      title: "Reports",
      text: "Review reported questions and answers: hide, restore or dismiss.",
      role: "moderator",
      waiting: <Waiting n={reports} one="report waiting" many="reports waiting" />,
    },
    {
      to: "/admin/members",
      title: "Members",
      text: "Find a member; see their role and standing; silence, suspend or lift; admins change roles.",
      role: "moderator",
      waiting: null,
    },
    {
      to: "/admin/actions",
      title: "Moderators' record",
      text: "Every moderator's action, newest first: who, what, on which post or member, when and why.",
      role: "moderator",
      waiting: null,
    },
    {
      to: "/admin/posts",
      title: "Blog posts and stories",
      text: "Write, edit, publish and unpublish posts; review members' stories.",
      role: "admin",
      waiting: <Waiting n={stories} one="story to review" many="stories to review" />,
    },
    {
      to: "/admin/topics",
      title: "Forum topics",
      text: "Add, rename, describe, reorder and delete the topics members file questions under.",
      role: "admin",
      waiting: null,
    },
    {
      to: "/admin/places",
      title: "Cities and services",
      text: "Manage city and service landing pages, and import them from CSV.",
      role: "admin",
      waiting: null,
    },
  ].filter((s) => s.role === "moderator" || loaderData.role === "admin");
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">Admin</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.to}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle>
                  <Link to={s.to} className="underline">
                    {s.title} {s.waiting}
                  </Link>
                </CardTitle>
                <CardDescription>{s.text}</CardDescription>
              </CardHeader>
              <CardContent />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
