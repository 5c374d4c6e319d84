// The session list names each device as a person would ("Chrome on Linux"), not with the raw
// User-Agent header its browser sent.
import { UAParser } from "ua-parser-js";

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os } = new UAParser(userAgent).getResult();
  const name = browser.name?.replace(/^Mobile /, "");
  const system = os.name === "Mac OS" ? "macOS" : os.name;
  if (name && system) return `${name} on ${system}`;
  return name ?? (system ? `A browser on ${system}` : "Unknown browser");
}
