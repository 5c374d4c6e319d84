// Backups of the configured database. PostgreSQL: pg_dump / pg_restore in their custom format.
// Embedded PostgreSQL (PGlite): a tarball of its data folder (dumpDataDir), taken through an
// exclusive open of the folder, so the server must be stopped first; restored only into an
// empty folder unless `force` is given. The embedded site's generated auth secret travels inside
// that tarball (see SECRET_TABLE), so a restored site keeps its sessions and can still read
// members' two-step verification secrets.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { acquireLock, DatabaseLockedError, openDatabase } from "../../app/server/infra/db.server";

const run = promisify(execFile);

export type BackupTarget = { kind: "postgres"; url: string } | { kind: "pglite"; folder: string };

export class BackupError extends Error {}

// The generated auth secret (DATA_DIR/auth-secret) sits beside the database folder, not in it.
// For the length of a backup it is copied into this table, which only backups ever contain: the
// live database drops it again at once, and a restore writes it back to its file and drops it.
const SECRET_TABLE = "capsiva_backup_auth_secret";

/** The generated auth secret's file for a database folder (DATA_DIR/pglite -> DATA_DIR/auth-secret). */
export function secretFileOf(folder: string) {
  return path.join(path.dirname(folder), "auth-secret");
}

/** The database the server would open with this configuration. */
export function backupTarget(env: { DATABASE_URL?: string; DATA_DIR: string }): BackupTarget {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", folder: path.join(env.DATA_DIR, "pglite") };
}

function isEmptyFolder(folder: string) {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

async function pgTool(tool: "pg_dump" | "pg_restore", args: string[]) {
  try {
    return await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") throw new BackupError(`${tool} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`);
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/** Copies the whole database into `file`. Returns the size written. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ bytes: number }> {
  const out = path.resolve(file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  if (target.kind === "postgres") {
    await pgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${target.url}`]);
  } else {
    if (isEmptyFolder(target.folder)) throw new BackupError(`There is no embedded database in ${path.resolve(target.folder)} to back up.`);
    const database = await openExclusive(target.folder);
    const client = database.pglite!;
    const secretFile = secretFileOf(target.folder);
    const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile, "utf8").trim() : undefined;
    try {
      if (secret) {
        await client.exec(`drop table if exists ${SECRET_TABLE}; create table ${SECRET_TABLE} (secret text not null)`);
        await client.query(`insert into ${SECRET_TABLE} (secret) values ($1)`, [secret]);
      }
      const tarball = await client.dumpDataDir("gzip");
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    } finally {
      if (secret) await client.exec(`drop table if exists ${SECRET_TABLE}`).catch(() => {});
      await database.close();
    }
  }
  // A backup holds password hashes (and the embedded one the auth secret): its owner's only.
  fs.chmodSync(partial, 0o600);
  // Only a complete backup ever carries the requested name.
  fs.renameSync(partial, out);
  return { bytes: fs.statSync(out).size };
}

async function openExclusive(folder: string) {
  try {
    return await openDatabase(folder);
  } catch (error) {
    if (error instanceof DatabaseLockedError)
      throw new BackupError(`${error.message}\nStop the server before taking or restoring a backup of the embedded database.`);
    throw error;
  }
}

/** The auth secret a backup carries (none in backups of sites with BETTER_AUTH_SECRET), removed from the database. */
async function takeSecret(client: PGlite) {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('public.${SECRET_TABLE}')::text as t`);
  if (!exists.rows[0]?.t) return undefined;
  const { rows } = await client.query<{ secret: string }>(`select secret from ${SECRET_TABLE} limit 1`);
  await client.exec(`drop table ${SECRET_TABLE}`);
  return rows[0]?.secret;
}

async function postgresHasTables(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the target. It must be empty (a new database, an empty folder) unless
 * `force` is set, in which case what is there is replaced.
 */
export async function restoreDatabase(target: BackupTarget, file: string, options: { force?: boolean } = {}) {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`The backup file ${source} does not exist.`);
  if (target.kind === "postgres") {
    if (!options.force && (await postgresHasTables(target.url))) {
      throw new BackupError("The database already has tables. Restore into a new, empty database, or pass --force to replace its contents.");
    }
    await pgTool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      ...(options.force ? ["--clean", "--if-exists"] : []),
      `--dbname=${target.url}`,
      source,
    ]);
    return;
  }
  fs.mkdirSync(target.folder, { recursive: true });
  let release: () => void;
  try {
    release = acquireLock(target.folder);
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new BackupError(`${error.message}\nStop the server before restoring a backup.`);
    throw error;
  }
  const staging = `${target.folder}.restoring`;
  try {
    if (!isEmptyFolder(target.folder) && !options.force) {
      throw new BackupError(`${path.resolve(target.folder)} is not empty. Restore into an empty data folder, or pass --force to replace the database in it.`);
    }
    // Unpack beside the target first: a broken backup file leaves the current database as it was.
    fs.rmSync(staging, { recursive: true, force: true });
    let secret: string | undefined;
    try {
      const client = await PGlite.create(staging, { loadDataDir: new Blob([fs.readFileSync(source)]) });
      try {
        // A readable database, with the migrations table the app expects.
        await client.query("select count(*) from drizzle.__drizzle_migrations");
        secret = await takeSecret(client);
      } finally {
        await client.close();
      }
    } catch (error) {
      // The embedded database's own failures often carry no message at all: say what is wrong.
      const detail = error instanceof Error && error.message ? ` (${error.message.split("\n")[0]})` : "";
      throw new BackupError(
        `${source} is not a backup of the embedded database that can be read${detail}. Use a file written by npm run db:backup without DATABASE_URL; the current data is untouched.`,
      );
    }
    const secretFile = secretFileOf(target.folder);
    const current = fs.existsSync(secretFile) ? fs.readFileSync(secretFile, "utf8").trim() : undefined;
    if (secret && current && current !== secret && !options.force) {
      throw new BackupError(
        `${path.resolve(secretFile)} holds another auth secret than the backup. Restore into an empty data folder, or pass --force to replace it with the backup's.`,
      );
    }
    fs.rmSync(target.folder, { recursive: true, force: true });
    fs.renameSync(staging, target.folder);
    if (secret) fs.writeFileSync(secretFile, secret, { mode: 0o600 });
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
