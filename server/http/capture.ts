// Holding back a response while it is written, so that a rendered page can be stored before (or
// instead of) being sent as it is.
import type { Response } from "express";

type Chunk = string | Uint8Array;
type WriteCallback = (error?: Error | null) => void;

/**
 * Holds back everything the downstream handler writes, then calls `done` with the status,
 * headers and body once it ends (or `aborted` if the connection closes first). The original
 * methods are back in place when either is called.
 */
export function captureResponse(res: Response, done: (body: Buffer) => void, aborted: () => void) {
  const chunks: Buffer[] = [];
  const original = { write: res.write, end: res.end, flush: (res as { flush?: () => void }).flush };
  const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
    typeof chunk === "string" ? Buffer.from(chunk, encoding ?? "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let finished = false;
  const restore = () => {
    finished = true;
    res.write = original.write;
    res.end = original.end;
    if (original.flush) (res as { flush?: () => void }).flush = original.flush;
  };

  res.write = function write(chunk: Chunk, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback) {
    if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (callback) process.nextTick(callback);
    return true;
  } as Response["write"];

  res.end = function end(chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) {
    if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
    if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (callback) res.once("finish", callback);
    restore();
    done(Buffer.concat(chunks));
    return res;
  } as Response["end"];

  // React Router flushes after each chunk (for compression); nothing is sent until the end here.
  if (original.flush) (res as { flush?: () => void }).flush = () => {};

  res.once("close", () => {
    if (finished) return;
    restore();
    aborted();
  });
}
