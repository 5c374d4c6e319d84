// The CSV parser's thread (csv-parse.server.ts starts it): parses the text it is given, with a
// header row, and posts back the rows, the errors and the column names. It imports nothing of the
// app, so that Node runs this file as it is in development and tests, and the server build ships
// it as a file of its own (vite.config.ts).
import { parentPort, workerData } from "node:worker_threads";
import Papa from "papaparse";

const parsed = Papa.parse<Record<string, string>>((workerData as { text: string }).text, {
  header: true,
  skipEmptyLines: "greedy",
  transformHeader: (h) => h.trim().toLowerCase(),
  delimitersToGuess: [",", ";", "\t"],
});
parentPort?.postMessage({ data: parsed.data, errors: parsed.errors, fields: parsed.meta.fields ?? [] });
