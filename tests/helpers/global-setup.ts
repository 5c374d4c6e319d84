// Migrates one embedded database and keeps its data folder as a template, so every test file
// starts from a fresh copy in milliseconds instead of migrating again. On PostgreSQL
// (TEST_DATABASE_URL) a migrated database is the template each test database is created from.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../../app/server/infra/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database test databases are copied from ("" on the embedded one). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await openDatabase("memory://");
  await database.migrate();
  const blob = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  const dropTemplate = await postgresTemplate(project);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}

async function postgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide("postgresTemplate", "");
  if (!adminUrl) return async () => {};
  const name = `capsiva_template_${crypto.randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), { poolMax: 1 });
  await database.migrate();
  await database.close();
  project.provide("postgresTemplate", name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
