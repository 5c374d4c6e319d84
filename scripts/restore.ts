// npm run db:restore -- <file> [--force]: restores a backup made by db:backup into the configured
// database. It must be empty (a new PostgreSQL database, or an empty embedded data folder);
// --force replaces what is there. Stop the server first.
import path from "node:path";
import { backupTarget, restoreDatabase } from "./lib/backup";
import { parseEnv } from "../app/server/infra/env.server";
import { runCli } from "./db";

await runCli(async () => {
  const args = process.argv.slice(2);
  const [file] = args.filter((a) => !a.startsWith("--"));
  if (!file) throw new Error("Usage: npm run db:restore -- <file> [--force]");
  const force = args.includes("--force");
  const target = backupTarget(parseEnv(process.env));
  await restoreDatabase(target, file, { force });
  const into = target.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${path.resolve(target.folder)}`;
  console.log(`Restored ${path.resolve(file)} into ${into}.`);
});
