// Backups round-trip: what db:backup writes, db:restore brings back, on the embedded database
// always, and on PostgreSQL (pg_dump/pg_restore into a fresh database) when the suite runs there.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { blogPosts, forumQuestions, users } from "../../db/schema";
import { backupDatabase, BackupError, restoreDatabase, type BackupTarget } from "../../scripts/lib/backup";
import { openDatabase, type Database } from "~/server/infra/db.server";
import { openRuntime } from "~/server/runtime.server";
import * as OTPAuth from "otpauth";
import { usingPostgres } from "../helpers/runtime";

const run = promisify(execFile);
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-backup-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A migrated embedded database in `folder`, from the suite's template (no migration run). */
function newEmbedded(folder: string) {
  return openDatabase(folder, { loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
}

/** A member, a question in two scripts and a published post: enough to notice anything missing. */
async function fill(database: Database) {
  const id = crypto.randomUUID();
  await database.db.insert(users).values({ id, name: "", email: `${id}@example.com` });
  await database.db.insert(forumQuestions).values([
    { authorId: id, title: "Ünïcödé question ✓", content: "Line one\nLine two" },
    { authorId: id, title: "Second question", content: "x".repeat(5000) },
  ]);
  await database.db.insert(blogPosts).values({ authorId: id, title: "Post", slug: "backed-up-post", content: "Body", published: true });
}

async function snapshot(database: Database) {
  return {
    users: (await database.db.select({ email: users.email }).from(users).orderBy(asc(users.email))).map((r) => r.email),
    questions: await database.db
      .select({ id: forumQuestions.id, title: forumQuestions.title, content: forumQuestions.content })
      .from(forumQuestions)
      .orderBy(asc(forumQuestions.id)),
    posts: await database.db.select({ slug: blogPosts.slug, published: blogPosts.published }).from(blogPosts),
  };
}

describe("embedded database (PGlite)", () => {
  it("refuses to back up or restore while a server holds the folder, and says to stop it", async () => {
    const folder = path.join(tmp, "running", "pglite");
    const db = await newEmbedded(folder);
    await db.close();
    // A server (another live process: our parent stands in for it) holds the lock.
    const lock = path.join(tmp, "running", "pglite.lock");
    fs.writeFileSync(lock, String(process.ppid));
    try {
      const file = path.join(tmp, "never.tar.gz");
      const error = await backupDatabase({ kind: "pglite", folder }, file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(new RegExp(`in use by another process \\(pid ${process.ppid}`));
      expect((error as Error).message).toMatch(/Stop the server/);
      expect(fs.existsSync(file)).toBe(false);
      const someBackup = path.join(tmp, "some.tar.gz");
      fs.writeFileSync(someBackup, "any file: the lock is checked first");
      await expect(restoreDatabase({ kind: "pglite", folder }, someBackup, { force: true })).rejects.toThrow(/Stop the server/);
    } finally {
      fs.rmSync(lock, { force: true });
    }
    // A lock left by a process that no longer runs (a crash) is taken over.
    fs.writeFileSync(lock, "999999");
    await backupDatabase({ kind: "pglite", folder }, path.join(tmp, "after-crash.tar.gz"));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("refuses to overwrite a non-empty data folder without --force, and replaces it with --force", async () => {
    const a = path.join(tmp, "a", "pglite");
    const dbA = await newEmbedded(a);
    await fill(dbA);
    const wanted = await snapshot(dbA);
    await dbA.close();
    const file = path.join(tmp, "a.tar.gz");
    await backupDatabase({ kind: "pglite", folder: a }, file);

    const b = path.join(tmp, "b", "pglite");
    const dbB = await newEmbedded(b);
    await dbB.db.insert(users).values({ id: "other", name: "", email: "other@example.com" });
    await dbB.close();

    await expect(restoreDatabase({ kind: "pglite", folder: b }, file)).rejects.toThrow(/not empty.*--force/);
    const untouched = await openDatabase(b);
    expect((await snapshot(untouched)).users).toEqual(["other@example.com"]);
    await untouched.close();

    await restoreDatabase({ kind: "pglite", folder: b }, file, { force: true });
    const replaced = await openDatabase(b);
    expect(await snapshot(replaced)).toEqual(wanted);
    await replaced.close();
  });

  it("keeps the current database when the backup file is broken", async () => {
    const folder = path.join(tmp, "keep", "pglite");
    const db = await newEmbedded(folder);
    await fill(db);
    const before = await snapshot(db);
    await db.close();
    const broken = path.join(tmp, "broken.tar.gz");
    fs.writeFileSync(broken, "this is not a backup");
    await expect(restoreDatabase({ kind: "pglite", folder }, broken, { force: true })).rejects.toThrow();
    const after = await openDatabase(folder);
    expect(await snapshot(after)).toEqual(before);
    await after.close();
  });

  it("a backup is readable by its owner only, and a broken file's restore says what is wrong", async () => {
    const dataDir = path.join(tmp, "private-data");
    const db = await newEmbedded(path.join(dataDir, "pglite"));
    await fill(db);
    await db.close();
    const file = path.join(tmp, "private.tar.gz");
    await backupDatabase({ kind: "pglite", folder: path.join(dataDir, "pglite") }, file);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    const broken = path.join(tmp, "broken-cli.tar.gz");
    fs.writeFileSync(broken, "this is not a backup");
    const env = { ...process.env, DATA_DIR: path.join(tmp, "broken-target"), DATABASE_URL: "" };
    const refused = await run("npx", ["tsx", "scripts/restore.ts", broken], { env }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toMatch(/broken-cli\.tar\.gz is not a backup/);
  }, 60_000);

  it("a restored site keeps its generated auth secret: a member with two-step verification signs in on it", async () => {
    const cookiesOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    const email = "two-steps@example.com";
    const password = "a long password";
    // A site as the server makes one: its secret generated into the data folder.
    const dataDir = path.join(tmp, "2fa-site");
    await (await newEmbedded(path.join(dataDir, "pglite"))).close();
    const site = await openRuntime({ DATA_DIR: dataDir, DATABASE_URL: "", BETTER_AUTH_SECRET: "", SEED: "false", LOG_LEVEL: "silent" });
    let totp: OTPAuth.TOTP;
    try {
      const body = { email, password, name: "", ageConfirmed: true };
      const headers = new Headers({ cookie: cookiesOf(await site.auth.api.signUpEmail({ body, asResponse: true })) });
      const enabled = await site.auth.api.enableTwoFactor({ body: { password }, headers });
      if (enabled.method !== "totp") throw new Error("two-step verification by app expected");
      totp = OTPAuth.URI.parse(enabled.totpURI) as OTPAuth.TOTP;
      await site.auth.api.verifyTOTP({ body: { code: totp.generate() }, headers });
    } finally {
      await site.database.close();
    }
    const file = path.join(tmp, "2fa.tar.gz");
    await backupDatabase({ kind: "pglite", folder: path.join(dataDir, "pglite") }, file);

    const restoredDir = path.join(tmp, "2fa-restored");
    await restoreDatabase({ kind: "pglite", folder: path.join(restoredDir, "pglite") }, file);
    const restored = await openRuntime({ DATA_DIR: restoredDir, DATABASE_URL: "", BETTER_AUTH_SECRET: "", SEED: "false", LOG_LEVEL: "silent" });
    try {
      // A code is accepted once: sign in with the next one, in the 30 s step after the enrolment
      // code's. The clock moves there (Date only, still running) rather than the test waiting.
      vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / 30_000) * 30_000 + 30_200, shouldAdvanceTime: true });
      const signIn = await restored.auth.api.signInEmail({ body: { email, password }, asResponse: true });
      expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
      const verified = await restored.auth.api.verifyTOTP({
        body: { code: totp.generate() },
        headers: new Headers({ cookie: cookiesOf(signIn) }),
        asResponse: true,
      });
      expect(verified.status).toBe(200);
      const session = await restored.auth.api.getSession({ headers: new Headers({ cookie: cookiesOf(verified) }) });
      expect(session?.user.email).toBe(email);
    } finally {
      vi.useRealTimers();
      await restored.database.close();
    }
  }, 180_000);

  it("npm run db:backup and db:restore do the same from the command line", async () => {
    const dataDir = path.join(tmp, "cli-data");
    const db = await newEmbedded(path.join(dataDir, "pglite"));
    await fill(db);
    const before = await snapshot(db);
    await db.close();
    const file = path.join(tmp, "cli.tar.gz");
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const backup = await run("npx", ["tsx", "scripts/backup.ts", file], { env });
    expect(backup.stdout).toMatch(/Backed up the embedded database/);
    const restoreDir = path.join(tmp, "cli-restored");
    const restore = await run("npx", ["tsx", "scripts/restore.ts", file], { env: { ...env, DATA_DIR: restoreDir } });
    expect(restore.stdout).toMatch(/Restored/);
    const refused = await run("npx", ["tsx", "scripts/restore.ts", file], { env: { ...env, DATA_DIR: restoreDir } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toMatch(/not empty/);
    const restored = await openDatabase(path.join(restoreDir, "pglite"));
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
  }, 60_000);
});

describe(`the suite's database (${usingPostgres ? "PostgreSQL: pg_dump and pg_restore" : "embedded"})`, () => {
  /** A fresh database of the suite's kind, and how to drop it. */
  async function freshTarget(): Promise<{ target: BackupTarget; database: Database; drop: () => Promise<void> }> {
    if (usingPostgres) {
      const admin = process.env.TEST_DATABASE_URL!;
      const name = `capsiva_backup_${crypto.randomBytes(5).toString("hex")}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const database = await openDatabase(url.toString(), { poolMax: 2 });
      return {
        target: { kind: "postgres", url: url.toString() },
        database,
        drop: async () => {
          await database.close();
          const c = new pg.Client({ connectionString: admin });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    }
    const folder = path.join(tmp, `suite-${crypto.randomBytes(4).toString("hex")}`, "pglite");
    const database = await newEmbedded(folder);
    return { target: { kind: "pglite", folder }, database, drop: async () => void (await database.close()) };
  }

  it("round-trips data into a fresh database, and refuses a non-empty one without --force", async () => {
    const source = await freshTarget();
    const copy = await freshTarget();
    try {
      if (source.target.kind === "postgres") await source.database.migrate();
      await fill(source.database);
      const before = await snapshot(source.database);
      if (source.target.kind === "pglite") await source.database.close();
      const file = path.join(tmp, `suite.${source.target.kind === "postgres" ? "dump" : "tar.gz"}`);
      await backupDatabase(source.target, file);

      // The copy is new and empty (on PGlite: a folder that does not exist yet).
      if (copy.target.kind === "pglite") {
        await copy.database.close();
        fs.rmSync(copy.target.folder, { recursive: true, force: true });
      }
      await restoreDatabase(copy.target, file);
      const restored = copy.target.kind === "postgres" ? copy.database : await openDatabase(copy.target.folder);
      try {
        expect(await snapshot(restored)).toEqual(before);
        expect(before.questions[0].title).toBe("Ünïcödé question ✓");
      } finally {
        if (copy.target.kind === "pglite") await restored.close();
      }
      await expect(restoreDatabase(copy.target, file)).rejects.toThrow(/--force/);
      await restoreDatabase(copy.target, file, { force: true });
      const again = copy.target.kind === "postgres" ? copy.database : await openDatabase(copy.target.folder);
      try {
        expect(await snapshot(again)).toEqual(before);
      } finally {
        if (copy.target.kind === "pglite") await again.close();
      }
    } finally {
      await source.drop();
      await copy.drop();
    }
  }, 60_000);
});
