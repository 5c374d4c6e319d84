// Parsing an uploaded CSV file away from the thread that serves requests. Parsing is synchronous
// and its cost depends on the file's content, not only its size (a file of quote characters takes
// far longer than its size suggests), so it runs in a worker thread that is ended if it takes too long; the server meanwhile
// keeps answering, health checks included.
import { Worker } from "node:worker_threads";
import type Papa from "papaparse";

export type Row = Record<string, string>;
export type ParseResult = Pick<Papa.ParseResult<Row>, "data" | "errors"> & { fields: string[] };

/** Longer than any real file of at most 5 MB needs: a parse still running then is given up. */
export const PARSE_TIME_LIMIT_MS = 20_000;

export class ParseTimeoutError extends Error {}

// The worker's module: in development and tests Node runs the TypeScript file itself; the server
// build emits it as a file of its own and rewrites this address to it (vite.config.ts).
const WORKER = new URL("./csv-parse.worker.ts", import.meta.url);

/** Parses `text` (with a header row) in a worker thread. */
export function parseCsvOffThread(text: string, timeLimitMs = PARSE_TIME_LIMIT_MS): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { text } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ParseTimeoutError("CSV parsing took too long"));
    }, timeLimitMs);
    worker.once("message", (result: ParseResult) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`CSV parser stopped with code ${code}`));
    });
  });
}
