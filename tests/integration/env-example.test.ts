// `.env.example` is where an operator learns the settings: it must name every variable the
// configuration reads, and nothing it does not (apart from the few read before it, by the
// process or by compose), and its example values must pass the configuration's own checks.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_NAMES, parseEnv } from "~/server/infra/env.server";

// Read by server.js or the C library before the configuration is parsed, or by compose.yaml.
const OUTSIDE_THE_SCHEMA = ["WEB_CONCURRENCY", "SHUTDOWN_DELAY_SECONDS", "MALLOC_ARENA_MAX", "POSTGRES_PASSWORD"];

const example = fs.readFileSync(".env.example", "utf8");
const entries = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value.replace(/^"(.*)"$/, "$1")] as const);

describe(".env.example", () => {
  it("lists every variable the configuration reads", () => {
    const listed = new Set(entries.map(([name]) => name));
    expect(ENV_NAMES.filter((name) => name !== "NODE_ENV" && !listed.has(name))).toEqual([]);
  });

  it("lists nothing the configuration does not read", () => {
    expect(entries.map(([name]) => name).filter((name) => !ENV_NAMES.includes(name) && !OUTSIDE_THE_SCHEMA.includes(name))).toEqual([]);
  });

  it("has example values the configuration accepts", () => {
    const values = Object.fromEntries(entries.filter(([name]) => ENV_NAMES.includes(name)));
    expect(() => parseEnv(values)).not.toThrow();
  });
});
