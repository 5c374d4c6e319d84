// On the notifications page: "1 new notification" with a button that shows it, once the bell's
// count (asked for after the live stream said the member's inbox changed) is above the count the
// page was loaded with. Nothing moves by itself; a polite status says it once.
import { useRevalidator, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useThrottledAnnouncement } from "./announce";
import { useLive } from "./new-answers";

export function NewNotifications() {
  const live = useLive();
  const root = useRouteLoaderData("root") as { unread: number | null } | undefined;
  const revalidator = useRevalidator();
  const count = live.unread !== null && typeof root?.unread === "number" ? Math.max(0, live.unread - root.unread) : 0;
  const text = count ? `${count} new ${count === 1 ? "notification" : "notifications"}` : "";
  const announced = useThrottledAnnouncement(text);
  return (
    <>
      {count ? (
        <div data-live-notice="" className="flex flex-wrap items-center gap-3 rounded-md border border-primary bg-muted p-3">
          <span className="font-medium">{text}</span>
          <button
            type="button"
            className={buttonVariants({ variant: "outline" })}
            disabled={revalidator.state === "loading"}
            onClick={() => void revalidator.revalidate()}
          >
            {count === 1 ? "Show it" : "Show them"}
          </button>
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announced}
      </p>
    </>
  );
}
