// What a polite status region says for a live notice: a new text at most every ANNOUNCE_MS, so
// that several answers arriving together are said once, with the latest count.
import * as React from "react";

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
