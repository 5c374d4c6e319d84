import { data, Form, Link, useActionData } from "react-router";
import { ActionRecord } from "~/components/admin/action-record";
import { StandingForms, StandingNote } from "~/components/admin/standing-forms";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { ROLES } from "~/lib/roles";
import { seo, siteUrlFrom } from "~/lib/seo";
import { mayActOn } from "~/lib/standing";
import { runtimeContext } from "~/server/context";
import { findMembers, memberById, type MemberLine } from "~/server/members/members.server";
import { changeRole, StandingRefused } from "~/server/members/members.server";
import { listActions } from "~/server/members/members.server";
import { requireRole } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import { isStandingIntent, standingAction } from "./admin-standing.server";
import type { Route } from "./+types/admin-members";
import { AdminHeading } from "~/components/admin/admin-heading";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Members", noindex: true });

// Moderators and admins find members by name; only admins see (and search by) email addresses,
// which moderators do not need to keep the community safe.
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(request, context, "moderator");
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const withEmail = viewer.role === "admin";
  const id = params.get("member") ?? "";
  const [found, chosen] = await Promise.all([findMembers(db, q, { withEmail }), id ? memberById(db, id, { withEmail }) : null]);
  const record = chosen ? (await listActions(db, { memberId: chosen.id })).entries : [];
  return { q, found, chosen, record, viewer: { id: viewer.id, role: viewer.role } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireRole(request, context, "moderator");
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const memberId = String(form.get("memberId") ?? "").slice(0, 100);
  const back = `/admin/members?member=${encodeURIComponent(memberId)}`;
  if (isStandingIntent(intent)) return standingAction(runtime, viewer, intent, form, back);
  if (intent === "role") {
    try {
      const done = await changeRole(runtime, viewer, memberId, form.get("role"), form.get("reason"));
      return redirectWithToast(back, { title: done.title, description: `They are now ${done.role === "admin" ? "an" : "a"} ${done.role}.` });
    } catch (error) {
      if (error instanceof StandingRefused) return data({ error: error.message, memberId }, { status: error.status });
      throw error;
    }
  }
  return data({ error: "Unknown action", memberId }, { status: 400 });
}

const ROLE_LABEL: Record<string, string> = { member: "Member", moderator: "Moderator", admin: "Admin" };

function MemberSummary({ member }: { member: MemberLine }) {
  return (
    <>
      <span className="font-medium wrap-anywhere">{member.name}</span>
      {member.email ? <span className="text-sm wrap-anywhere text-muted-foreground"> · {member.email}</span> : null}
      <span className="text-sm"> · {ROLE_LABEL[member.role] ?? member.role}</span>
    </>
  );
}

function Chosen({
  member,
  viewer,
  record,
}: {
  member: MemberLine;
  viewer: { id: string; role: string };
  record: Route.ComponentProps["loaderData"]["record"];
}) {
  return (
    <section aria-labelledby="chosen-member" className="grid gap-4 rounded-md border p-4" data-chosen-member={member.id}>
      <h2 id="chosen-member" className="text-2xl font-semibold wrap-anywhere">
        {member.name}
      </h2>
      <p>
        <MemberSummary member={member} />
      </p>
      <StandingNote standing={member} />
      <StandingForms
        idPrefix="member"
        who="this member"
        standing={{
          memberId: member.id,
          name: member.name,
          silencedUntil: member.silencedUntil,
          suspended: member.suspended,
          actable: mayActOn(viewer, member),
        }}
      />
      {viewer.role === "admin" ? (
        <Form method="post" className="grid gap-3 rounded-md border p-3">
          <h3 className="font-semibold">Role</h3>
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="memberId" value={member.id} />
          <SelectField id="member-role" name="role" label="New role" defaultValue={member.role}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            id="member-role-reason"
            name="reason"
            label="Reason (kept in the moderators' record)"
            required
            minLength={3}
            maxLength={500}
            rows={2}
          />
          <Button type="submit" className="w-fit">
            Change the role
          </Button>
        </Form>
      ) : null}
      <section aria-labelledby="member-record" className="grid gap-2">
        <h3 id="member-record" className="text-xl font-semibold">
          Record of actions about this member
        </h3>
        <ActionRecord entries={record} />
      </section>
    </section>
  );
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { q, found, chosen, record, viewer } = loaderData;
  const failed = useActionData<typeof action>();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <AdminHeading>Members</AdminHeading>
      {failed ? <FormAlert title="Nothing was changed">{failed.error}</FormAlert> : null}
      {chosen ? <Chosen member={chosen} viewer={viewer} record={record} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <TextField
          id="member-search"
          name="q"
          type="search"
          label={viewer.role === "admin" ? "Find a member by name or email" : "Find a member by name"}
          defaultValue={q}
          maxLength={100}
        />
        <Button type="submit">Find</Button>
      </Form>
      <section aria-labelledby="found-members" className="grid gap-2">
        <h2 id="found-members" className="text-2xl font-semibold">
          {q ? `Members matching “${q}”` : "Staff, and members silenced or suspended"}
        </h2>
        {found.length === 0 ? <p>No member found.</p> : null}
        <ul className="grid gap-2">
          {found.map((m) => (
            <li key={m.id} className="grid gap-0.5">
              <Link
                to={`?member=${encodeURIComponent(m.id)}${q ? `&q=${encodeURIComponent(q)}` : ""}`}
                className="inline-flex min-h-11 flex-wrap items-center gap-x-1 underline"
              >
                <MemberSummary member={m} />
              </Link>
              <StandingNote standing={m} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
