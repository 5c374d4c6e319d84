// npm run db:backup -- <file>: a complete copy of the configured database. With DATABASE_URL,
// pg_dump's custom format (restore with pg_restore or db:restore); without it, a tarball of the
// embedded database's data folder, taken while the server is stopped.
import path from "node:path";
import { backupDatabase, backupTarget } from "./lib/backup";
import { parseEnv } from "../app/server/infra/env.server";
import { runCli } from "./db";

await runCli(async () => {
  const [file] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  if (!file) throw new Error("Usage: npm run db:backup -- <file>");
  const target = backupTarget(parseEnv(process.env));
  const from = target.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${path.resolve(target.folder)}`;
  const { bytes } = await backupDatabase(target, file);
  console.log(`Backed up ${from} to ${path.resolve(file)} (${(bytes / 1024).toFixed(1)} KB).`);
});
