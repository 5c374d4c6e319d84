// A relative time ('3 hours ago') that is rendered on the server, hydrates with the same text
// (the server's clock, from the root loader), then follows the visitor's clock. One clock for
// the whole page (NowProvider in app/root.tsx) rather than one per time shown: a forum page
// shows sixty.
import * as React from "react";
import { exactTime, relativeTime } from "~/lib/relative-time";

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const NowContext = React.createContext<number | null>(null);

/** The page's clock: the server's time until hydration, then the browser's, every minute. */
export function NowProvider({ serverNow, children }: { serverNow: number; children: React.ReactNode }) {
  const [now, setNow] = React.useState(serverNow);
  React.useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export function RelativeTime({ date, className }: { date: string | Date; className?: string }) {
  const now = React.useContext(NowContext) ?? Date.now();
  const iso = typeof date === "string" && ISO_UTC.test(date) ? date : new Date(date).toISOString();
  return (
    <time dateTime={iso} title={exactTime(iso)} className={className}>
      {relativeTime(iso, now)}
    </time>
  );
}
