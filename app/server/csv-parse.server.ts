// Parsing an uploaded CSV file away from the thread that serves requests. Parsing is synchronous
// and its cost depends on the file's content, not only its size (a file of quote characters takes
// far longer than its size suggests), so it runs in a worker thread that is ended if it takes too long; the server meanwhile
// keeps answering, health checks included.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Papa from "papaparse";

export type Row = Record<string, string>;
export type ParseResult = Pick<Papa.ParseResult<Row>, "data" | "errors"> & { fields: string[] };

/** Longer than any real file of at most 5 MB needs: a parse still running then is given up. */
export const PARSE_TIME_LIMIT_MS = 20_000;

export class ParseTimeoutError extends Error {}

// The worker's code, kept beside its caller so that every build (tests, development, the
// production bundle) runs the same thing without a separate file to ship; papaparse is loaded by
// the absolute path resolved here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Papa = require(workerData.papaparse);
const parsed = Papa.parse(workerData.text, {
  header: true,
  skipEmptyLines: "greedy",
  transformHeader: (h) => h.trim().toLowerCase(),
  delimitersToGuess: [",", ";", "\\t"],
});
parentPort.postMessage({ data: parsed.data, errors: parsed.errors, fields: parsed.meta.fields ?? [] });
`;

let papaparsePath: string | undefined;

/** Parses `text` (with a header row) in a worker thread. */
export function parseCsvOffThread(text: string, timeLimitMs = PARSE_TIME_LIMIT_MS): Promise<ParseResult> {
  papaparsePath ??= createRequire(import.meta.url).resolve("papaparse");
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { text, papaparse: papaparsePath } });
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
