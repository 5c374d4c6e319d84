// '3 hours ago' in English, from the platform's Intl.RelativeTimeFormat (no library needed).
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function relativeTime(date: Date | string | number, now: number = Date.now()): string {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size * 0.95 || unit === "minute") {
      return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return "just now";
}

export function exactTime(date: Date | string | number) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(date)) + " UTC";
}
