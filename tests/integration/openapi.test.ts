// The OpenAPI document at /api/v1/openapi.json: a valid OpenAPI 3.1 document that describes every
// route the API router serves, and whose documented response schemas match what the API really sends.
import type { AddressInfo } from "node:net";
import SwaggerParser from "@apidevtools/swagger-parser";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { blogPosts, cities, forumAnswers, forumQuestions, services } from "../../db/schema";
import { createApiRouter } from "../../server/api/router";
import * as schemas from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let base: string;
let close: () => Promise<void>;
let router: ReturnType<typeof createApiRouter>;
let doc: OpenApiDocument;
const params: Record<string, string> = {};

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean }[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string }> };
}

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  const author = await createMember(rt, { displayName: "Robin" });
  await rt.db
    .insert(blogPosts)
    .values({ title: "Hello", slug: "hello", content: "First post.", authorId: author.id, published: true, publishedAt: new Date() });
  const [q] = await rt.db.insert(forumQuestions).values({ title: "Q", content: "Question?", authorId: author.id, answerCount: 1 }).returning();
  await rt.db.insert(forumAnswers).values({ questionId: q.id, content: "Answer.", authorId: null });
  await rt.db.insert(cities).values({ slug: "austin", name: "Austin", state: "TX" });
  await rt.db.insert(services).values({ slug: "support-groups", name: "Support Groups" });
  Object.assign(params, { slug: "hello", id: String(q.id), citySlug: "austin", serviceSlug: "support-groups", topicSlug: "diet" });

  router = createApiRouter(rt);
  const app = express();
  app.use("/api/v1", router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const res = await fetch(`${base}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  doc = (await res.json()) as OpenApiDocument;
});

afterAll(async () => {
  await close?.();
  await rt?.close();
});

/** The routes the Express router really serves, as OpenAPI paths ("/questions/{id}") -> methods. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route layer of a router and of the routers mounted in it. */
function routeLayers(stack: Layer[]): Layer[] {
  return stack.flatMap((layer) => (layer.route ? [layer] : layer.handle?.stack ? routeLayers(layer.handle.stack) : []));
}

function servedRoutes() {
  const served = new Map<string, Set<string>>();
  for (const layer of routeLayers((router as unknown as { stack: Layer[] }).stack)) {
    if (!layer.route) continue;
    const path = layer.route.path.replace(/:(\w+)/g, "{$1}");
    const methods = Object.entries(layer.route.methods)
      .filter(([m, on]) => on && !["_all", "options", "head"].includes(m))
      .map(([m]) => m);
    if (methods.length === 0) continue;
    const set = served.get(path) ?? new Set<string>();
    for (const m of methods) set.add(m);
    served.set(path, set);
  }
  return served;
}

/** The zod schema registered under a component name (its `.meta({ id })`). */
function zodSchemaFor(ref: string) {
  const name = ref.replace("#/components/schemas/", "");
  for (const value of Object.values(schemas)) {
    if (value instanceof z.ZodType && z.globalRegistry.get(value)?.id === name) return value;
  }
  throw new Error(`no zod schema registered as ${name}`);
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    // swagger-parser validates against the official 3.1 JSON schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.servers).toEqual([{ url: "http://localhost:3000/api/v1" }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
  });

  it("documents exactly the routes and methods the router serves", () => {
    const served = servedRoutes();
    const documented = new Map(Object.entries(doc.paths).map(([path, item]) => [path, new Set(Object.keys(item))]));
    expect(served.size).toBeGreaterThanOrEqual(9);
    expect([...documented.keys()].sort()).toEqual([...served.keys()].sort());
    for (const [path, methods] of served) expect([...documented.get(path)!].sort(), path).toEqual([...methods].sort());
  });

  it("marks the writes and members' own operations as needing a bearer token, with a JSON body and the error responses they can give", () => {
    // A member's own operations (their notifications, follows, marks) act for the token's member.
    const MEMBER_PATHS = [
      "/notifications",
      "/notifications/read",
      "/questions/{id}/follow",
      "/answers/{id}/helpful",
      "/questions/{id}/helped-most",
      "/drafts/{kind}/{targetId}",
      "/topics/{topicSlug}/follow",
      "/followed-topics",
    ];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (MEMBER_PATHS.includes(path)) {
          expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
          for (const status of ["200", "401", "429"]) expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
          if (op.requestBody) expect(op.requestBody.content["application/json"].schema.$ref, path).toMatch(/Body$/);
        } else if (method === "post") {
          expect(op.security, path).toEqual([{ bearerAuth: [] }]);
          expect(op.requestBody?.content["application/json"].schema.$ref, path).toMatch(/Body$/);
          for (const status of ["201", "400", "401", "413", "415", "429"]) expect(op.responses[status], `${path} ${status}`).toBeDefined();
          expect(op.responses["429"].headers?.["Retry-After"]).toBeDefined();
        } else {
          expect(method, path).toBe("get");
          expect(op.security, path).toBeUndefined();
        }
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400) expect(response.content?.["application/json"].schema.$ref, `${path} ${status}`).toBe("#/components/schemas/Error");
        }
      }
    }
  });

  it("describes request bodies with the forms' rules", () => {
    const body = doc.components.schemas.QuestionBody as {
      properties: Record<string, { maxLength?: number; minLength?: number; type?: string }>;
      required: string[];
    };
    expect(body.required.sort()).toEqual(["content", "title"]);
    expect(body.properties.title).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect(body.properties.content).toMatchObject({ type: "string", minLength: 1, maxLength: 10_000 });
    expect(body.properties.acknowledgePersonal).toMatchObject({ type: "boolean" });
    expect(body.properties).not.toHaveProperty("author");
    expect(body.properties).not.toHaveProperty("authorId");
  });

  it("every documented GET route answers with what its documented schema describes", async () => {
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      // A member's own reads need their token: tests/integration/api-members.test.ts checks them.
      if (!op || path === "/openapi.json" || op.security) continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      for (const p of op.parameters ?? []) if (p.in === "path") expect(params[p.name], `example for ${p.name}`).toBeDefined();

      const res = await fetch(`${base}${url}`);
      expect(res.status, path).toBe(200);
      const ref = op.responses["200"].content!["application/json"].schema.$ref!;
      const result = zodSchemaFor(ref).safeParse(await res.json());
      expect(result.success, `${path}: ${result.error?.message}`).toBe(true);
      checked++;

      // A path with an id or slug in it answers 404 for one that does not exist (GET /questions's
      // 404 is for an unknown ?topic=, checked in topics.test.ts).
      if (op.responses["404"] && path.includes("{")) {
        const missingUrl = path.replace(/\{(\w+)\}/g, "does-not-exist-999");
        const missing = await fetch(`${base}${missingUrl}`);
        expect(missing.status, missingUrl).toBe(404);
        expect(schemas.ErrorSchema.safeParse(await missing.json()).success, missingUrl).toBe(true);
      }
    }
    expect(checked).toBe(9);
  });
});
