// A gzip stream put together from pieces compressed apart, so that a page made of fixed parts and
// a few values that change per request is compressed once and sent many times. Each fixed part is
// compressed on its own (raw deflate ending in a sync flush: whole bytes, no final block) and the
// values go in as stored blocks; the gzip trailer's CRC-32 is combined from the pieces' CRCs
// (zlib's crc32_combine), so the uncompressed page is never put together at all.
import zlib from "node:zlib";

/** A fixed part: its deflate blocks, CRC-32 and length. */
export interface Segment {
  deflated: Buffer;
  crc: number;
  length: number;
}

export function compressSegment(part: Buffer): Segment {
  const deflated = zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { deflated, crc: zlib.crc32(part), length: part.length };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block with fixed codes: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED = 65_535;

/**
 * The gzip of segments[0] + values[0] + segments[1] + ... + segments[n], where there is one value
 * fewer than segments.
 */
export function gzipSegments(segments: readonly Segment[], values: readonly Buffer[]): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER, segments[0].deflated];
  let crc = segments[0].crc;
  let length = segments[0].length;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    for (let at = 0; at < value.length; at += MAX_STORED) {
      const chunk = value.subarray(at, at + MAX_STORED);
      // A stored block: BFINAL 0, BTYPE 00 (padded to the byte), LEN and its complement.
      const head = Buffer.from([0, chunk.length & 0xff, chunk.length >> 8, ~chunk.length & 0xff, (~chunk.length >> 8) & 0xff]);
      pieces.push(head, chunk);
    }
    crc = crc32Combine(crc, zlib.crc32(value), value.length);
    length += value.length;
    const next = segments[i + 1];
    pieces.push(next.deflated);
    crc = crc32Combine(crc, next.crc, next.length);
    length += next.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

// CRC-32 of A + B from crc(A), crc(B) and B's length: zlib's crc32_combine (crc32.c), which
// multiplies crc(A) by x^(8 * len(B)) modulo the CRC polynomial.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [1 << 30];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1], X2N[k - 1]));

/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 1 << 31;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
