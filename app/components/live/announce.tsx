// A live notice ("1 new answer" with a button that shows it) and what a polite status region says
// for it: a new text at most every ANNOUNCE_MS, so that several answers arriving together are
// said once, with the latest count.
import * as React from "react";
import { buttonVariants } from "~/components/ui/button";

const ANNOUNCE_MS = 10_000;

export function useThrottledAnnouncement(text: string) {
  const [said, setSaid] = React.useState("");
  const last = React.useRef(0);
  React.useEffect(() => {
    if (!text) return setSaid("");
    const wait = Math.max(0, last.current + ANNOUNCE_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setSaid(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text]);
  return said;
}

/** The notice while `count` is above 0, and its status region; nothing moves until `onShow`. */
export function LiveNotice({ count, text, busy, onShow }: { count: number; text: string; busy: boolean; onShow: () => void }) {
  const announced = useThrottledAnnouncement(count ? text : "");
  return (
    <>
      {count ? (
        <div data-live-notice="" className="flex flex-wrap items-center gap-3 rounded-md border border-primary bg-muted p-3">
          <span className="font-medium">{text}</span>
          <button type="button" className={buttonVariants({ variant: "outline" })} disabled={busy} onClick={onShow}>
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
