// On the notifications page: "1 new notification" with a button that shows it, once the bell's
// count (asked for after the live stream said the member's inbox changed) is above the count the
// page was loaded with. Nothing moves by itself; a polite status says it once.
import { useRevalidator, useRouteLoaderData } from "react-router";
import { LiveNotice } from "./announce";
import { useLive } from "./new-answers";

export function NewNotifications() {
  const live = useLive();
  const root = useRouteLoaderData("root") as { unread: number | null } | undefined;
  const revalidator = useRevalidator();
  const count = live.unread !== null && typeof root?.unread === "number" ? Math.max(0, live.unread - root.unread) : 0;
  const text = `${count} new ${count === 1 ? "notification" : "notifications"}`;
  return <LiveNotice count={count} text={text} busy={revalidator.state === "loading"} onShow={() => void revalidator.revalidate()} />;
}
