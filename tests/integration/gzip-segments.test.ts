// gzip put together from pieces compressed apart (app/server/gzip-segments.server.ts): what comes
// out must be one valid gzip stream (zlib checks its CRC-32 and length) of exactly the pieces in order.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressSegment, crc32Combine, gzipSegments } from "~/server/gzip-segments.server";

describe("gzip from segments", () => {
  it("combines CRC-32s as zlib computes the CRC of the whole", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [5, 7],
      [1000, 65_536],
      [70_000, 3],
      [123, 1_000_003],
    ]) {
      const left = crypto.randomBytes(a);
      const right = crypto.randomBytes(b);
      expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), b), `${a}+${b}`).toBe(zlib.crc32(Buffer.concat([left, right])));
    }
  });

  it("decompresses to the parts and values in order, whatever their sizes", () => {
    const text = (n: number) => Buffer.from("<p class=\"x\">Morning stiffness &amp; warm water</p>\n".repeat(n));
    const cases: [Buffer[], Buffer[]][] = [
      [[text(0)], []],
      [[text(100), text(3)], [Buffer.from("o'neil+me@example.com")]],
      [[text(0), text(0), text(0)], [Buffer.from(""), Buffer.from("é ✓ \u2028")]],
      [[text(2000), text(50)], [crypto.randomBytes(150_000)]],
    ];
    for (const [parts, values] of cases) {
      const gzip = gzipSegments(parts.map(compressSegment), values);
      const whole: Buffer[] = [parts[0]];
      values.forEach((value, i) => whole.push(value, parts[i + 1]));
      expect(zlib.gunzipSync(gzip).equals(Buffer.concat(whole))).toBe(true);
    }
  });

  it("compresses the fixed parts: a large page stays small", () => {
    const part = Buffer.from("<li><a href=\"/forum/1\">A question about hands</a></li>".repeat(2000));
    const gzip = gzipSegments([compressSegment(part), compressSegment(part)], [Buffer.from("someone@example.com")]);
    expect(gzip.length).toBeLessThan(part.length / 20);
  });
});
