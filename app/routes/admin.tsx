import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { requireRole } from "~/server/session.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Admin", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(request, context, "moderator");
  return { role: viewer.role };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const sections = [
    { to: "/admin/reports", title: "Reports", text: "Review reported questions and answers: hide, restore or dismiss.", role: "moderator" },
    { to: "/admin/posts", title: "Blog posts and stories", text: "Write, edit, publish and unpublish posts; review members' stories.", role: "admin" },
    { to: "/admin/topics", title: "Forum topics", text: "Add, rename, describe, reorder and delete the topics members file questions under.", role: "admin" },
    { to: "/admin/places", title: "Cities and services", text: "Manage city and service landing pages, and import them from CSV.", role: "admin" },
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
                    {s.title}
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
