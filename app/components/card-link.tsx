// A card's title link that makes the whole card its touch target: a stretched ::after covers the
// card (which must be `relative`), so a press anywhere on it opens the page, and the focus ring
// outlines the card. Other links in such a card need `relative z-10` to stay reachable. Its
// styles are one class (app.css): a list repeats it on every row.
import { Link } from "react-router";
import { cn } from "~/lib/cn";

export function CardLink({ to, className, children }: { to: string; className?: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={cn("card-link", className)}>
      {children}
    </Link>
  );
}
