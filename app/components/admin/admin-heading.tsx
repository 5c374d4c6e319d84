// The top of every admin page: the way back to /admin (a 44 px target) and the page's heading.
import { Link } from "react-router";

export function AdminHeading({ children }: { children: React.ReactNode }) {
  return (
    <>
      <p>
        <Link to="/admin" className="inline-flex min-h-11 items-center underline">
          ← Admin
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{children}</h1>
    </>
  );
}
