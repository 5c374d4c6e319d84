// Content negotiation and one-off compression for answers made for a single request. Stored pages
// are compressed once when stored (page-cache/); these helpers pick what each client takes.
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

export type Encoding = "zstd" | "br" | "gzip" | "identity";

// Browsers send one of a few Accept-Encoding values: each is read once.
const encodingOf = new Map<string, Encoding>();
// Zstandard (Node 22.15+): what a page rendered for one request is compressed with, when the
// browser takes it. Stored pages are kept in brotli and gzip only.
const HAS_ZSTD = typeof zlib.zstdCompressSync === "function";

/** br when the client takes it at least as gladly as gzip, then gzip, else the plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  return pick(acceptEncoding, false) as "br" | "gzip" | "identity";
}

/** As pickEncoding, with zstd first when the client takes it at least as gladly as br and gzip. */
export function pickDynamicEncoding(acceptEncoding: string | undefined): Encoding {
  return pick(acceptEncoding, HAS_ZSTD);
}

const gzipAccepted = new Map<string, boolean>();

/** Whether the client takes gzip at all (explicitly or through "*"). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let accepted = gzipAccepted.get(acceptEncoding);
  if (accepted === undefined) {
    const q = qualities(acceptEncoding);
    accepted = (q.gzip ?? q["*"] ?? 0) > 0;
    if (gzipAccepted.size >= 100) gzipAccepted.clear();
    gzipAccepted.set(acceptEncoding, accepted);
  }
  return accepted;
}

function qualities(acceptEncoding: string): Record<string, number> {
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  return q;
}

function pick(acceptEncoding: string | undefined, zstd: boolean): Encoding {
  if (!acceptEncoding) return "identity";
  const key = zstd ? `z ${acceptEncoding}` : acceptEncoding;
  let encoding = encodingOf.get(key);
  if (!encoding) {
    encoding = readAcceptEncoding(acceptEncoding, zstd);
    if (encodingOf.size >= 100) encodingOf.clear();
    encodingOf.set(key, encoding);
  }
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string, withZstd: boolean): Encoding {
  const q = qualities(acceptEncoding);
  const of = (name: string) => q[name] ?? q["*"] ?? 0;
  const zstd = withZstd ? (q.zstd ?? 0) : 0;
  const br = of("br");
  const gzip = of("gzip");
  // zstd only when named: "*" alone keeps to the long-established br and gzip.
  if (zstd > 0 && zstd >= br && zstd >= gzip) return "zstd";
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript))/i;

/**
 * The body of a rendered answer, compressed in one call when the client takes br or gzip (fast
 * settings: it is made for one request). Headers are set to match; anything already encoded,
 * small, not text, or marked no-transform is returned as it is.
 */
export function compressOnce(req: IncomingMessage, res: ServerResponse, body: Buffer): Buffer {
  if (res.headersSent || body.length < 1024 || res.getHeader("content-encoding") !== undefined) return body;
  if (!COMPRESSIBLE.test(String(res.getHeader("content-type") ?? "")) || /no-transform/i.test(String(res.getHeader("cache-control") ?? ""))) return body;
  const vary = String(res.getHeader("vary") ?? "");
  if (!/accept-encoding/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const { encoding, body: compressed } = compressForClient(req.headers["accept-encoding"], body);
  if (encoding === "identity") return body;
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  return compressed;
}

/**
 * A body made for one request, compressed with fast settings in the best encoding the client
 * takes: zstd level 3, else brotli quality 2, else gzip 6.
 */
export function compressForClient(acceptEncoding: string | undefined, body: Buffer): { encoding: Encoding; body: Buffer } {
  const encoding = pickDynamicEncoding(acceptEncoding);
  if (encoding === "identity") return { encoding, body };
  const compressed =
    encoding === "zstd"
      ? zlib.zstdCompressSync(body, { params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } })
      : encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: 6 });
  return { encoding, body: compressed };
}

