import { Link } from "react-router";
import { ActionRecord } from "~/components/admin/action-record";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { listActions } from "~/server/members/members.server";
import { requireRole } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/admin-actions";
import { AdminHeading } from "~/components/admin/admin-heading";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Moderators' record", noindex: true });

// Moderators see the record as admins do: each can check what the others did, and why.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "moderator");
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listActions(context.get(runtimeContext).db, { page: Number.isFinite(page) ? page : 1 });
}

const PAGER = "inline-flex min-h-11 items-center underline";

export default function AdminActions({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages, total } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <AdminHeading>Moderators&apos; record</AdminHeading>
      <p>
        Every hide, restore, dismissed report, silence, suspension, lifted silence or suspension and role change, newest first ({total} in all). Reasons are for
        the moderators only: they are never shown to members.
      </p>
      <ActionRecord entries={entries} />
      {pages > 1 ? (
        <nav aria-label="Pages of the record" className="flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={PAGER}>
              Newer
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className={PAGER}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
