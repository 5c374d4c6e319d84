// "Capsiva staff" or "Moderator" beside the name of an author who is one, on questions and
// answers: readers should know when the maker's staff or a moderator speaks. In words, not colour.
import { Badge } from "~/components/ui/badge";

export const STAFF_LABELS = { admin: "Capsiva staff", moderator: "Moderator" } as const;

export function StaffRole({ role }: { role: string | null | undefined }) {
  const label = role === "admin" || role === "moderator" ? STAFF_LABELS[role] : null;
  if (!label) return null;
  return (
    <>
      {" "}
      <Badge variant="secondary" className="align-middle" data-staff-role={role}>
        {label}
      </Badge>
    </>
  );
}
