// Writes a new, empty embedded database as a gzipped data folder (build/server/pglite-template.tar.gz).
//
// Creating an embedded database from nothing runs PostgreSQL's initdb inside a second WebAssembly
// instance, and the process that does it peaks above 1 GB and keeps much of that while it serves.
// Made here once at build time, a first start unpacks the folder instead (docs/decisions/).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { EMBEDDED_TEMPLATE_FILE } from "../app/server/infra/db.server";

const target = path.join(process.env.BUILD_DIR ?? "build", "server", EMBEDDED_TEMPLATE_FILE);
const client = await PGlite.create("memory://");
const dump = await client.dumpDataDir("gzip");
await client.close();
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
console.log(`embedded database template: ${target} (${(dump.size / 1048576).toFixed(1)} MB)`);
