// The API and its OpenAPI document agree, as a validating proxy or a generated client would check:
// bare JSON values are refused as bodies (not as bad JSON), PUT and DELETE on a missing question
// both answer 404, an optional empty body is declared, every error code the server can send is
// listed, each operation declares its 405, page sizes are stated once and path ids are integers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askQuestion } from "~/server/forum/forum.server";
import { NOTIFICATIONS_PAGE_SIZE } from "~/server/notifications/inbox.server";
import { createApiRouter } from "../../server/api/router";
import { ErrorSchema } from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

interface Operation {
  description?: string;
  parameters?: { name: string; in: string; description?: string; schema: { type?: string; description?: string } }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { description?: string; properties?: Record<string, { description?: string }> }> };
};

let rt: TestRuntime;
let base: string;
let close: () => Promise<void>;
let doc: Doc;
let token: string;
let questionId: number;

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  const app = express();
  app.use("/api/v1", createApiRouter(rt));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  doc = (await (await fetch(`${base}/openapi.json`)).json()) as Doc;

  const member = await createMember(rt, { displayName: "Contract Tester" });
  const signIn = await rt.auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  token = ((await (await rt.auth.handler(new Request("http://localhost:3000/api/auth/token", { headers: { cookie } }))).json()) as { token: string }).token;
  questionId = (await askQuestion(rt, { authorId: member.id, title: "Contract question", content: "Does it agree?" })).id;
});
afterAll(async () => {
  await close?.();
  await rt?.close();
});

async function send(method: string, path: string, raw?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (raw !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}${path}`, { method, headers, body: raw });
  return {
    status: res.status,
    body: ErrorSchema.partial()
      .passthrough()
      .parse(await res.json()),
  };
}

describe("the API keeps its document's promises", () => {
  it("answers invalid_body, not invalid_json, for a body that is valid JSON but not an object", async () => {
    for (const raw of ["null", "123", '"text"', "true", "[]"]) {
      for (const [method, path] of [
        ["POST", "/questions"],
        ["POST", `/questions/${questionId}/answers`],
        ["PUT", `/questions/${questionId}/helped-most`],
      ]) {
        const res = await send(method, path, raw);
        expect([res.status, res.body.code], `${method} ${path} ${raw}`).toEqual([400, "invalid_body"]);
      }
    }
    // Malformed JSON is still called that.
    expect((await send("POST", "/questions", '{"title":')).body.code).toBe("invalid_json");
  });

  it("answers 404 for a missing question on DELETE /follow as on PUT", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await send(method, "/questions/999999/follow");
      expect([res.status, res.body.code], method).toEqual([404, "not_found"]);
    }
    expect((await send("DELETE", `/questions/${questionId}/follow`)).status).toBe(200);
  });

  it("declares the optional body of POST /notifications/read, and accepts {} as well as nothing", async () => {
    const op = doc.paths["/notifications/read"].post;
    expect(op.requestBody?.required).toBe(false);
    expect(op.requestBody?.content["application/json"].schema.$ref).toMatch(/Body$/);
    expect((await send("POST", "/notifications/read", "{}")).status).toBe(200);
    expect((await send("POST", "/notifications/read")).status).toBe(200);
    expect((await send("POST", "/notifications/read", "null")).body.code).toBe("invalid_body");
  });

  it("lists every error code the API's code can send", () => {
    const listed = (doc.components.schemas.Error.properties!.code.description ?? "").match(/[a-z_]{4,}/g) ?? [];
    const sources = ["router.ts", "http.ts", "member-routes.ts", "bearer.ts"]
      .map((f) => readFileSync(join(import.meta.dirname, "../../server/api", f), "utf8"))
      .join("\n");
    const sent = new Set([...sources.matchAll(/new ApiError\(\s*[\w.]+,\s*"([a-z_]+)"|code: "([a-z_]+)"/g)].map((m) => m[1] ?? m[2]));
    for (const code of ["own_answer", "forbidden", "bad_request", "not_found", "invalid_body"]) expect(sent).toContain(code);
    for (const code of sent) expect(listed, code).toContain(code);
  });

  it("declares 405 on every operation", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses["405"], `${method} ${path}`).toBeDefined();
        expect(op.responses["405"].content?.["application/json"].schema.$ref).toBe("#/components/schemas/Error");
      }
    }
  });

  it("states the notifications page size as one number everywhere", () => {
    const op = doc.paths["/notifications"].get;
    const texts = [
      op.description,
      ...(op.parameters ?? []).flatMap((p) => [p.description, p.schema.description]),
      doc.components.schemas.NotificationPage.properties!.notifications.description,
    ].filter((t): t is string => Boolean(t));
    const sizes = texts.flatMap((t) => [...t.matchAll(/(\d+) (?:items )?a page/g)].map((m) => Number(m[1])));
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sizes)).toEqual(new Set([NOTIFICATIONS_PAGE_SIZE]));
  });

  it("types path ids as integers, as every id in a body is", () => {
    let ids = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== "path" || p.name !== "id") continue;
          expect(p.schema.type, path).toBe("integer");
          ids++;
        }
      }
    }
    expect(ids).toBeGreaterThanOrEqual(7);
  });
});
