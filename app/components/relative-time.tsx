// A relative time ('3 hours ago') that is rendered on the server, hydrates with the same text
// (the server's clock, from the root loader), then follows the visitor's clock.
import * as React from "react";
import { useRouteLoaderData } from "react-router";
import { exactTime, relativeTime } from "~/lib/relative-time";

export function RelativeTime({ date, className }: { date: string | Date; className?: string }) {
  const root = useRouteLoaderData("root") as { now?: number } | undefined;
  const [now, setNow] = React.useState<number>(root?.now ?? Date.now());
  React.useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const iso = new Date(date).toISOString();
  return (
    <time dateTime={iso} title={exactTime(iso)} className={className}>
      {relativeTime(iso, now)}
    </time>
  );
}
