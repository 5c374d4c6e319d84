// Migrates one embedded database and keeps its data folder as a template, so every test file
// starts from a fresh copy in milliseconds instead of migrating again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/server/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
