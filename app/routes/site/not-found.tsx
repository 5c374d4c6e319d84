import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";

export { NotFoundContent };
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.get(runtimeContext).log.warn({ path }, "404: no page at this path");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Page not found", noindex: true });

export default function NotFound() {
  return <NotFoundContent />;
}
