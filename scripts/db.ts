// Opens the configured database for command-line tools: DATABASE_URL, or the embedded database
// in DATA_DIR (which must not be in use by a running server).
import path from "node:path";
import crypto from "node:crypto";
import { createChanges, type Writer } from "../app/server/infra/change-events.server";
import { openDatabase, type Database } from "../app/server/infra/db.server";
import { parseEnv } from "../app/server/infra/env.server";

export async function openConfiguredDatabase() {
  const env = parseEnv(process.env);
  const database = await openDatabase(env.DATABASE_URL ?? path.join(env.DATA_DIR, "pglite"), { poolMax: 4 });
  await database.withStartupLock(() => database.migrate());
  return database;
}

/** Writes as the site does: their change events reach running instances (nothing here to apply). */
export function commandLineWriter(database: Database): Writer {
  const changes = createChanges({ db: database.db, pool: database.pool, instance: `cli${crypto.randomUUID().slice(0, 8)}`, apply: () => {} });
  return { db: database.db, changes };
}

export async function runCli(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    // Never an empty line: an error without a message is named by its kind.
    const message = error instanceof Error ? error.message || `${error.name} (no message)` : String(error);
    console.error(message || "Failed, without a message from the failing step.");
    process.exit(1);
  }
}
