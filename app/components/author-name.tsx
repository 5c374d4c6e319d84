import { Link } from "react-router";

/**
 * An author's name, linking to their public profile only while they have one turned on. The link
 * keeps the line's height but its touch area is 44 px high (padding pulled back by the margin).
 */
export function AuthorName({ name, profile }: { name: string; profile: string | null | undefined }) {
  if (!profile) return <>{name}</>;
  return (
    <Link to={`/members/${profile}`} className="-my-3 inline-block min-w-11 py-3 underline underline-offset-2 hover:text-foreground">
      {name}
    </Link>
  );
}
