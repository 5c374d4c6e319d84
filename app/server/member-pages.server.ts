// Members' pages from templates. A public page looks the same to every member of one role except
// for a few values: who they are (id, email, display name), the request's CSP nonce and the page's
// submission key. Such a page is rendered once with stand-in tokens in place of those values, cut
// into a template at the tokens, and each member's request then gets the template filled in with
// their own values, escaped for where each one stands (HTML text or attribute, or React Router's
// data script), instead of a whole React render.
//
// A template belongs to the page cache's version it was rendered at and expires after a minute,
// like stored public pages: a member sees every write at once. Its key is the page (path and
// query), the sidebar cookie, the role, the assurance level and whether the member has a display
// name: everything else a page shows is the same for all members of that kind. A page that shows
// owner controls for its authors' posts (a question and its answers) lists those authors with the
// template; an author of one of them always gets a page rendered for them. server/member-templates/
// is the HTTP side: which requests may be served from here, and the answer itself.
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import { createContext, type RouterContextProvider } from "react-router";
import { REFRESH_MS, type PageCache } from "./page-cache.server";
import { dataSince, renderComplete } from "./cache/data-age.server";
import { compressSegment, gzipSegments, type Segment } from "./gzip-segments.server";
import { viewerContext, type Viewer } from "./context";

/** The values that change from one member (and one request) to the next. */
export interface Personal {
  id: string;
  email: string;
  displayName: string | null;
  nonce: string;
  submissionKey: string;
  /** The member's count of unread notifications, in digits. */
  unread: string;
}

type Slot = "id" | "email" | "displayName" | "nonce" | "submissionKey" | "unread";
/** Where a token stands: HTML (React escapes it), a string of React Router's data script, JSON. */
type Place = "html" | "data" | "json";

// Letters and digits only, new in every process: every encoding on the way leaves them as they
// are, and no page or member can guess or contain them.
const PREFIX = `mt${crypto.randomBytes(10).toString("hex")}`;
const LETTER: Record<Slot, string> = { id: "i", email: "e", displayName: "d", nonce: "n", submissionKey: "k", unread: "u" };
const SLOT_OF: Record<string, Slot> = { i: "id", e: "email", d: "displayName", n: "nonce", k: "submissionKey", u: "unread" };
export const TOKENS = Object.fromEntries(Object.entries(LETTER).map(([slot, letter]) => [slot, `${PREFIX}${letter}`])) as Record<Slot, string>;
const TOKEN = new RegExp(`${PREFIX}([iednku])`, "g");

/** A page rendered with the tokens, cut at them. */
export interface MemberPage {
  parts: Buffer[];
  /** The parts compressed apart, for gzipTemplate: made when the template is first used. */
  segments?: Segment[];
  slots: { slot: Slot; place: Place }[];
  /** The rendered response's headers to replay (the CSP one with the nonce token in it). */
  headers: [string, string][];
  /** Members whose posts the page shows with owner controls: they get a page of their own. */
  authors: ReadonlySet<string>;
  version: number;
  createdAt: number;
  /** Set while one request renders an expired template again (the others still get this one). */
  refreshingSince?: number;
}

/** What a render for a template knows: the stand-in viewer, who really asked, the authors shown. */
export interface TemplateRender {
  viewer: Viewer;
  realViewerId: string;
  authors: Set<string>;
  /** False once the page turned out to be personal (the member is one of its authors). */
  storable: boolean;
}

export const templateRenderContext = createContext<TemplateRender | null>(null);

/** The stand-in viewer a template is rendered for: the member's role and settings, token values. */
export function templateViewer(viewer: Viewer): Viewer {
  return {
    ...viewer,
    id: TOKENS.id,
    email: TOKENS.email,
    displayName: viewer.displayName === null ? null : TOKENS.displayName,
    sessionId: "",
  };
}

/**
 * The viewer's id for a page that shows owner controls on posts by `authorIds`. During a template
 * render the authors are noted with the template, and if the member who asked is one of them the
 * page is rendered for them (with their own id) and not kept.
 */
export function ownerViewerId(context: Readonly<RouterContextProvider>, authorIds: Iterable<string | null>): string | null {
  const viewer = context.get(viewerContext);
  const render = context.get(templateRenderContext);
  if (!render) return viewer?.id ?? null;
  for (const id of authorIds) if (id) render.authors.add(id);
  if (!render.authors.has(render.realViewerId)) return viewer?.id ?? null;
  render.storable = false;
  return render.realViewerId;
}

/**
 * The member's unread notifications count as the page shows it: the stand-in token in a template
 * render (each member's count is put in when the template is filled), else the count itself.
 */
export async function unreadFor(context: Readonly<RouterContextProvider>, count: () => Promise<number>): Promise<string> {
  return context.get(templateRenderContext) ? TOKENS.unread : String(await count());
}

/** A fresh key for a form's submission (repeated submissions are stored once). */
export function submissionKeyFor(context: Readonly<RouterContextProvider>): string {
  return context.get(templateRenderContext) ? TOKENS.submissionKey : crypto.randomUUID();
}

// React's escaping of text and attribute values.
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtmlText = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
// React Router's escaping of its data script (lib/dom/ssr/markup.ts).
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeScript = (value: string) => value.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);
const jsonInner = (value: string) => JSON.stringify(value).slice(1, -1);

/** `value` as it stands in the page at `place`. */
export function encodeFor(place: Place, value: string): string {
  if (place === "html") return escapeHtmlText(value);
  // The data script holds turbo-stream's JSON text as a JS string: a string is JSON-encoded twice.
  if (place === "data") return escapeScript(jsonInner(jsonInner(value)));
  return escapeScript(jsonInner(value));
}

/**
 * Cuts a page rendered with the tokens into a template. `safe` is false when a token stood where
 * no encoding is known for it (the page is still filled in correctly as far as can be told, but
 * must not be kept).
 */
export function cutTemplate(html: string): { parts: Buffer[]; slots: MemberPage["slots"]; safe: boolean } {
  const parts: Buffer[] = [];
  const slots: MemberPage["slots"] = [];
  let safe = true;
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    const at = match.index;
    const end = at + match[0].length;
    const slot = SLOT_OF[match[1]];
    const inScript = html.lastIndexOf("<script", at) > html.lastIndexOf("</script", at);
    let place: Place = "html";
    if (inScript) {
      if (html.startsWith('\\"', at - 2) && html.startsWith('\\"', end)) place = "data";
      else if (html[at - 1] === '"' && html[end] === '"') place = "json";
      else safe = false;
    }
    parts.push(Buffer.from(html.slice(last, at)));
    slots.push({ slot, place });
    last = end;
  }
  parts.push(Buffer.from(html.slice(last)));
  return { parts, slots, safe };
}

const NONCE = /^[A-Za-z0-9+/=_-]+$/;

/** The member's values as they stand in the page, slot by slot. */
function slotValues(page: Pick<MemberPage, "slots">, personal: Personal): Buffer[] {
  return page.slots.map(({ slot, place }) => {
    const value = personal[slot];
    if (slot === "nonce" || slot === "submissionKey" || slot === "unread") {
      // Random values of a safe alphabet: the same bytes wherever they stand.
      if (!NONCE.test(value ?? "")) throw new Error(`unexpected ${slot}`);
      return Buffer.from(value!);
    }
    return Buffer.from(encodeFor(place, value ?? ""));
  });
}

/** The template filled in with one member's values. */
export function fillTemplate(page: Pick<MemberPage, "parts" | "slots">, personal: Personal): Buffer {
  const values = slotValues(page, personal);
  const pieces: Buffer[] = [page.parts[0]];
  for (let i = 0; i < values.length; i++) pieces.push(values[i], page.parts[i + 1]);
  return Buffer.concat(pieces);
}

/**
 * The filled-in page gzipped, from the parts compressed once, when the template is first used
 * (gzip-segments.server.ts): what would cost a compression of the whole page per request costs
 * a few small copies.
 */
export function gzipTemplate(page: Pick<MemberPage, "parts" | "segments" | "slots">, personal: Personal): Buffer {
  // A page asked for once (a question only its own reader opens) never pays for this.
  page.segments ??= page.parts.map(compressSegment);
  return gzipSegments(page.segments, slotValues(page, personal));
}

export interface MemberPages {
  enabled: boolean;
  /**
   * The template of `key`, if it was made since the last write and within the last minute. Once
   * that minute is over, one caller gets nothing (it renders the page again) and the others the
   * old template for REFRESH_MS at most; a write ends it at once.
   */
  get(key: string): MemberPage | undefined;
  /**
   * Keeps a template unless a write happened since `renderedAt` (the version read before
   * rendering) or the render went without some of its data; returns it then, for the members
   * waiting on this render, even when its data is already a minute old and it is not kept.
   */
  store(key: string, page: Omit<MemberPage, "version" | "createdAt" | "segments">, renderedAt: number): MemberPage | undefined;
  size(): number;
}

export function createMemberPages(
  pageCache: Pick<PageCache, "version">,
  options: { enabled: boolean; maxEntries?: number; ttlMs?: number },
): MemberPages {
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new LRUCache<string, MemberPage>({ max: options.maxEntries ?? 100, ttl: ttlMs + REFRESH_MS });
  return {
    enabled: options.enabled,
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (page.version !== pageCache.version()) {
        entries.delete(key);
        return undefined;
      }
      const now = Date.now();
      if (now - page.createdAt <= ttlMs) return page;
      // Expired by time alone (no write since): one request renders it again while the others
      // are still answered with it, for REFRESH_MS at most, as readers' pages are. Otherwise
      // every member asking in the meantime waited for that render.
      if (page.refreshingSince !== undefined && now - page.refreshingSince < REFRESH_MS) return page;
      page.refreshingSince = now;
      return undefined;
    },
    store(key, page, renderedAt) {
      // A render made without some of its data (an outage's empty lists) is never kept.
      if (!options.enabled || renderedAt !== pageCache.version() || !renderComplete()) return undefined;
      // As old as the oldest data its render read (data-age.server.ts), and kept no longer.
      const createdAt = dataSince();
      const ttl = ttlMs - (Date.now() - createdAt);
      const made = { ...page, version: renderedAt, createdAt };
      // Too old to keep, yet no write came since: still what the members waiting on this render
      // should see. Sent on to render each for themselves, they stalled every connection.
      if (ttl > 0) entries.set(key, made, { ttl: ttl + REFRESH_MS });
      return made;
    },
    size: () => entries.size,
  };
}
