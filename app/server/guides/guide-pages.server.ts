// The ten educational guides are Markdown files with frontmatter in app/content/guides.
// They are parsed once (gray-matter + markdown-it) and rendered by one layout (app/routes/guides/guide.tsx).
// The files are ours and reviewed, so their Markdown is trusted; nothing a user writes ever
// passes through here.
import matter from "gray-matter";
import MarkdownIt from "markdown-it";
import { notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { escapeHtml, unescapeHtml } from "~/lib/escape";
import type { Db } from "~/server/infra/db.server";
import { guideIndex } from "../../../db/schema";

const files = import.meta.glob("../../content/guides/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const svgs = import.meta.glob("../../../public/guides/*.svg", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const frontmatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(5),
  description: z.string().min(50),
  keywords: z.array(z.string()).min(1),
  category: z.string().min(2),
  datePublished: z.coerce.string(),
  dateModified: z.coerce.string(),
  readingMinutes: z.number().int().positive(),
  hero: z.object({ src: z.string().startsWith("/guides/"), alt: z.string().min(5) }),
  contact: z.boolean().default(false),
  faq: z
    .object({
      jsonLdCount: z.number().int().positive().optional(),
      items: z.array(z.object({ q: z.string().min(5), a: z.string().min(5) })).min(1),
    })
    .optional(),
});

export interface GuideImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Guide extends Omit<z.infer<typeof frontmatterSchema>, "hero"> {
  hero: GuideImage;
  /** Rendered body before and after the call-to-action card. */
  htmlBefore: string;
  htmlAfter: string;
  /** The body as plain text (search, word counts). */
  text: string;
}

function svgSize(src: string): { width: number; height: number } {
  const key = Object.keys(svgs).find((k) => k.endsWith(`/public${src}`));
  if (!key) throw new Error(`Guide image ${src} is missing from public/`);
  const root = svgs[key].match(/<svg\b[^>]*>/)?.[0] ?? "";
  const width = Number(root.match(/\bwidth="(\d+(?:\.\d+)?)"/)?.[1]);
  const height = Number(root.match(/\bheight="(\d+(?:\.\d+)?)"/)?.[1]);
  if (!width || !height) throw new Error(`Guide image ${src} needs numeric width and height attributes`);
  return { width, height };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// The guides' Markdown, rendered as the site's other Markdown is (markdown-it), with three rules
// of their own: headings get an id from their text (the pages link to them), images get their
// SVG's size (no layout shift), and links off the site open in a new tab and say so to screen readers.
function createMarkdown() {
  const md = new MarkdownIt({ html: true });
  md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
    const inner = self.renderInline(tokens[idx + 1].children ?? [], options, env);
    return `<${tokens[idx].tag} id="${slugify(inner)}">`;
  };
  md.renderer.rules.image = (tokens, idx) => {
    const src = tokens[idx].attrGet("src") ?? "";
    const { width, height } = svgSize(src);
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(tokens[idx].content)}" width="${width}" height="${height}" loading="lazy" decoding="async">`;
  };
  md.renderer.rules.link_open = (tokens, idx) => {
    const href = tokens[idx].attrGet("href") ?? "";
    const external = /^https?:\/\//.test(href);
    // Links do not nest: the next link_close is this link's.
    const close = tokens.findIndex((t, i) => i > idx && t.type === "link_close");
    if (close > 0) tokens[close].meta = { external };
    return external ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">` : `<a href="${escapeHtml(href)}">`;
  };
  md.renderer.rules.link_close = (tokens, idx) => (tokens[idx].meta?.external ? `<span class="sr-only"> (opens in a new tab)</span></a>` : "</a>");
  return md;
}

/** Marks links that are the whole content of a list item, so the page can give them a full-size touch target. */
function markStandaloneLinks(html: string) {
  return html.replace(
    /<li>(\s*)<a href="([^"]*)"([^>]*)>((?:(?!<\/?a\b)[\s\S])*)<\/a>(\s*)<\/li>/g,
    '<li>$1<a href="$2"$3 class="standalone-link">$4</a>$5</li>',
  );
}

function parseGuide(raw: string): Guide {
  const { data, content } = matter(raw);
  const fm = frontmatterSchema.parse(data);
  const md = createMarkdown();
  const [before, after = ""] = content.split(/^<!--\s*cta\s*-->\s*$/m);
  const htmlBefore = markStandaloneLinks(md.render(before));
  const htmlAfter = markStandaloneLinks(md.render(after));
  const text = unescapeHtml(`${htmlBefore} ${htmlAfter}`.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  return {
    ...fm,
    hero: { ...fm.hero, ...svgSize(fm.hero.src) },
    htmlBefore,
    htmlAfter,
    text,
  };
}

let cache: Map<string, Guide> | undefined;

/** All guides, parsed once per process. */
export function allGuides(): Map<string, Guide> {
  if (!cache) {
    const map = new Map<string, Guide>();
    for (const [file, raw] of Object.entries(files)) {
      const guide = parseGuide(raw);
      const expected = file.split("/").pop()!.replace(/\.md$/, "");
      if (guide.slug !== expected) throw new Error(`Guide ${file} has slug ${guide.slug}`);
      map.set(guide.slug, guide);
    }
    cache = map;
  }
  return cache;
}

export function getGuide(slug: string): Guide | undefined {
  return allGuides().get(slug);
}

/**
 * Keeps the search index of guides in step with the files (run at start-up). An upsert, so that
 * readers never see the index empty while an instance starts, and rows of guides that no longer
 * exist are removed after.
 */
export async function indexGuides(db: Db) {
  const guides = [...allGuides().values()];
  await db.transaction(async (tx) => {
    if (guides.length) {
      await tx
        .insert(guideIndex)
        .values(guides.map((g) => ({ slug: g.slug, title: g.title, description: g.description, body: g.text })))
        .onConflictDoUpdate({
          target: guideIndex.slug,
          set: { title: sql`excluded.title`, description: sql`excluded.description`, body: sql`excluded.body` },
          // Unchanged rows are left alone: no new row versions on every start.
          setWhere: sql`(${guideIndex.title}, ${guideIndex.description}, ${guideIndex.body}) is distinct from (excluded.title, excluded.description, excluded.body)`,
        });
    }
    await tx.delete(guideIndex).where(
      guides.length
        ? notInArray(
            guideIndex.slug,
            guides.map((g) => g.slug),
          )
        : undefined,
    );
  });
  await db.execute(sql`analyze guide_index`);
}
