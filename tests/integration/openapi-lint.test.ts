// The served OpenAPI document as its consumers see it: Spectral's OpenAPI ruleset (its recommended
// rules) finds nothing to say about it, and a client generated from it with openapi-typescript names
// every operation. Generated clients call operations by their operationId, so the ids are pinned
// here: renaming one breaks every client built from the document, and should be a deliberate act.
import type { AddressInfo } from "node:net";
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from "@stoplight/spectral-core";
import { Json } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import express from "express";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE, createApiRouter } from "../../server/api/router";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

const OPERATION_IDS = [
  "getStats",
  "getHome",
  "listPosts",
  "getPost",
  "listQuestions",
  "createQuestion",
  "getQuestion",
  "createAnswer",
  "listTopics",
  "getTopic",
  "getPlacePage",
  "getOpenApiDocument",
  "listNotifications",
  "markAllNotificationsRead",
  "followQuestion",
  "unfollowQuestion",
  "markAnswerHelpful",
  "unmarkAnswerHelpful",
  "chooseHelpedMost",
  "clearHelpedMost",
  "getDraft",
  "saveDraft",
  "deleteDraft",
  "followTopic",
  "unfollowTopic",
  "listFollowedTopics",
];

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

interface Operation {
  operationId?: string;
  tags?: string[];
}

let rt: TestRuntime;
let close: () => Promise<void>;
let text: string;
let doc: OpenAPI3;

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  const app = express();
  app.use(API_BASE, createApiRouter(rt));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}/openapi.json`);
  expect(res.status).toBe(200);
  text = await res.text();
  doc = JSON.parse(text) as OpenAPI3;
});

afterAll(async () => {
  await close?.();
  await rt?.close();
});

/** Every operation in the document as "METHOD /path" with its object. */
function operations() {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

const SEVERITY = ["error", "warning", "info", "hint"];

/** One line a finding, "warning operation-operationId paths./stats.get (line 12): message". */
function describeFinding(d: ISpectralDiagnostic) {
  return `${SEVERITY[d.severity] ?? d.severity} ${String(d.code)} ${d.path.join(".")} (line ${d.range.start.line + 1}): ${d.message}`;
}

describe("the OpenAPI document under Spectral's OpenAPI ruleset", () => {
  it("gives no error, warning, info or hint", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    // Linted as served, text and all, so a finding points at the line a reader of the document sees.
    const findings = await spectral.run(new Document(JSON.stringify(JSON.parse(text), null, 2), Json, "openapi.json"));
    const shown = findings.map(describeFinding);
    expect(shown, `Spectral found ${findings.length}:\n${shown.join("\n")}`).toEqual([]);
  });
});

describe("a client generated with openapi-typescript", () => {
  it("gives every operation a unique, camelCase operationId and a tag the document describes", () => {
    const all = operations();
    expect(all.length).toBe(OPERATION_IDS.length);
    const ids = all.map(({ name, op }) => {
      expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(op.tags?.length, `${name} tags`).toBeGreaterThan(0);
      for (const tag of op.tags ?? [])
        expect(
          doc.tags?.map((t) => t.name),
          `${name} tag ${tag}`,
        ).toContain(tag);
      return op.operationId!;
    });
    expect(new Set(ids).size, `duplicate operationIds: ${ids.join(", ")}`).toBe(ids.length);
    expect([...ids].sort()).toEqual([...OPERATION_IDS].sort());
  });

  it("names every operation by its operationId in the generated `operations` interface", async () => {
    const source = astToString(await openapiTS(structuredClone(doc)));
    const start = source.indexOf("export interface operations {");
    expect(start, "the generated client has no operations interface").toBeGreaterThanOrEqual(0);
    const block = source.slice(start);
    for (const id of OPERATION_IDS) {
      expect(block, `operations.${id}`).toContain(`\n    ${id}: {`);
      // The paths interface points at the named operation instead of an inline, anonymous one.
      expect(source, `paths -> operations["${id}"]`).toContain(`operations["${id}"]`);
    }
  });
});
