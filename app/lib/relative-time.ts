// '3 hours ago' in English, from the platform's Intl.RelativeTimeFormat (no library needed).
// Formatting with Intl is slow next to the rest of a page (a forum page shows 60 times), so the
// formatters are made once and their results remembered: the inputs repeat from page to page.
// "always": every time reads with its suffix ("1 day ago"), never "yesterday" or "last week".
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const MEMO_LIMIT = 2000;
function memo<T>(fn: (key: T) => string) {
  const results = new Map<T, string>();
  return (key: T) => {
    let value = results.get(key);
    if (value === undefined) {
      value = fn(key);
      if (results.size >= MEMO_LIMIT) results.clear();
      results.set(key, value);
    }
    return value;
  };
}

const formatRelative = memo((key: string) => {
  const [value, unit] = key.split(" ");
  return rtf.format(Number(value), unit as Intl.RelativeTimeFormatUnit);
});

export function relativeTime(date: Date | string | number, now: number = Date.now()): string {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  // "just now" only within the minute; from then on, minutes "ago".
  if (abs < 60) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size * 0.95 || unit === "minute") {
      return formatRelative(`${Math.round(seconds / size)} ${unit}`);
    }
  }
  return "just now";
}

const exact = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const formatExact = memo((time: number) => exact.format(time) + " UTC");

export function exactTime(date: Date | string | number) {
  return formatExact(new Date(date).getTime());
}
