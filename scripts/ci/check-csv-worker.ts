// The CSV import's worker thread as a built server starts it: the address in the server code
// (`new URL("...csv-parse-worker.js", import.meta.url)` in a chunk of build/server/assets) leads
// to a file of the build, which parses a small file with the packages installed beside it.
// Usage: node scripts/ci/check-csv-worker.ts <folder with build/ and node_modules/>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

const assets = path.resolve(process.argv[2] ?? ".", "build/server/assets");
const found = fs.readdirSync(assets).flatMap((file) => {
  const m = /new URL\("([^"]+csv-parse-worker\.js)", import\.meta\.url\)/.exec(fs.readFileSync(path.join(assets, file), "utf8"));
  return m ? [{ chunk: path.join(assets, file), address: m[1] }] : [];
});
if (found.length !== 1) throw new Error(`expected one server chunk that starts the CSV worker, found ${found.length}`);
const { chunk, address } = found[0];
const worker = new Worker(new URL(address, pathToFileURL(chunk)), { workerData: { text: "City;State\nAustin;TX\n" } });
const result = await new Promise<{ data: unknown }>((resolve, reject) => {
  worker.once("error", reject);
  worker.once("message", resolve);
});
await worker.terminate();
if (JSON.stringify(result.data) !== JSON.stringify([{ city: "Austin", state: "TX" }])) throw new Error(`the CSV worker parsed ${JSON.stringify(result)}`);
console.log(`CSV worker: ${address} from ${path.basename(chunk)} parsed the sample`);
