// A contract check built from the OpenAPI document alone, as a validating proxy (Prism) would do:
// every answer's status must be one its operation documents, with the documented media type, a
// body that validates (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses) and its required headers.
// The bad inputs are derived from the document too, so a new operation or field is probed unasked.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maximum?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  example?: unknown;
}
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  example?: unknown;
  schema: Schema;
}
interface Response {
  content?: Record<string, { schema: Schema }>;
  headers?: Record<string, { required?: boolean }>;
}
export interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A request to send: `refused` ones must answer 4xx, `accepted` ones 2xx, `any` only what the document allows. */
export interface Case {
  label: string;
  method: string;
  path: string;
  query?: string;
  headers: Record<string, string>;
  body?: string;
  expect: "accepted" | "refused" | "any";
}

/** What one operation's valid request needs: path parameters, a body and the token to send. */
export interface Valid {
  params?: Record<string, string | number>;
  body?: unknown;
  token?: string;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

export function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

/** Validators for the document's schemas; `$ref`s into components resolve through one registered copy. */
export function schemaValidator(doc: Document) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addKeyword("example"); // An OpenAPI annotation, not a JSON Schema one.
  const relink = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"components#/$defs/')) as T;
  ajv.addSchema({ $id: "components", $defs: relink(doc.components.schemas) });
  const cache = new Map<Schema, ValidateFunction>();
  return (schema: Schema, value: unknown) => {
    let validate = cache.get(schema);
    if (!validate) cache.set(schema, (validate = ajv.compile(relink(schema))));
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: "body" });
  };
}

export const resolve = (doc: Document, schema: Schema) => (schema.$ref ? doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")] : schema);

/** Everything the answer to `c` breaks in `op`'s documented contract, one line each. */
export function violations(op: Operation, c: Case, res: { status: number; headers: Headers; text: string }, validate: ReturnType<typeof schemaValidator>) {
  const found: string[] = [];
  const say = (what: string) => found.push(`${c.method} ${c.path}${c.query ? `?${c.query}` : ""} [${c.label}] ${res.status}: ${what}`);
  if (res.status >= 500) say("a server error");
  if (c.expect === "accepted" && (res.status < 200 || res.status > 299)) say("a valid request was not accepted");
  if (c.expect === "refused" && (res.status < 400 || res.status > 499)) say("a bad input was not refused with a 4xx");
  const documented = op.responses[String(res.status)] ?? op.responses[`${String(res.status)[0]}XX`] ?? op.responses.default;
  if (!documented) {
    say(`status not documented (documented: ${Object.keys(op.responses).join(", ")})`);
    return found;
  }
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (header.required && !res.headers.has(name)) say(`required header ${name} missing`);
  }
  if (!documented.content) {
    if (res.text) say("a body where none is documented");
    return found;
  }
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const media = documented.content[mediaType];
  if (!media) {
    say(`Content-Type "${mediaType}" is not the documented ${Object.keys(documented.content).join(" or ")}`);
    return found;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    say("the body is not JSON");
    return found;
  }
  const error = validate(media.schema, body);
  if (error) say(`body does not match the documented schema: ${error}`);
  return found;
}

const fill = (path: string, params: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });

/** A value of the wrong JSON type for `schema`. */
function wrongType(schema: Schema): unknown {
  const types = [schema.type ?? []].flat();
  if (types.includes("string")) return 12345;
  if (types.includes("integer") || types.includes("number")) return "12";
  if (types.includes("boolean")) return "yes";
  return 12345;
}

/** Query values the parameter's schema refuses: wrong type, out of range, not in the enum, too long, off pattern. */
function badQueryValues(schema: Schema): string[] {
  const bad: string[] = [];
  if (schema.type === "integer") bad.push("abc", "0", "-1", "1.5", "1e3x", String((schema.maximum ?? 1e9) + 1));
  if (schema.enum) bad.push("not-an-option");
  if (schema.pattern) bad.push("Not A Slug!");
  if (schema.maxLength !== undefined) bad.push("a".repeat(schema.maxLength + 1));
  return bad;
}

/** Path values that name nothing: malformed ids ("abc", "-1", "1e3"), out of range, or unknown. */
function badPathValues(schema: Schema): string[] {
  if (schema.type === "integer") return ["abc", "-1", "1e3", "0", "1.5", "9999999999", "999999"];
  return ["does-not-exist-999", ...(schema.pattern ? ["Not_A_Slug!"] : [])];
}

/** Bodies the documented request schema refuses, each changing one thing about the valid body. */
function badBodies(schema: Schema, valid: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [
    ["bare null", "null"],
    ["bare number", "123"],
    ["bare string", '"text"'],
    ["array", "[]"],
    ["malformed JSON", '{"a":'],
  ];
  const props = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = valid;
    out.push([`missing ${name}`, JSON.stringify(rest)]);
  }
  for (const [name, prop] of Object.entries(props)) {
    out.push([`${name} of the wrong type`, JSON.stringify({ ...valid, [name]: wrongType(prop) })]);
    if (prop.maxLength !== undefined) out.push([`${name} over maxLength`, JSON.stringify({ ...valid, [name]: "a".repeat(prop.maxLength + 1) })]);
    if (prop.minLength) out.push([`${name} under minLength`, JSON.stringify({ ...valid, [name]: "" })]);
    if (prop.pattern) out.push([`${name} off pattern`, JSON.stringify({ ...valid, [name]: "not a valid value!" })]);
  }
  if (schema.additionalProperties === false) out.push(["an undocumented field", JSON.stringify({ ...valid, unexpected: 1 })]);
  return out;
}

/** The valid request for one operation, then every bad input the document lets us derive from it. */
export function casesFor(doc: Document, path: string, method: string, op: Operation, valid: Valid): Case[] {
  const params = {
    ...Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "path").map((p) => [p.name, String(p.example ?? p.schema.example)])),
    ...valid.params,
  };
  const query = (op.parameters ?? [])
    .filter((p) => p.in === "query" && (p.example ?? p.schema.example) !== undefined)
    .map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? p.schema.example))}`)
    .join("&");
  const auth: Record<string, string> = valid.token ? { Authorization: `Bearer ${valid.token}` } : {};
  const json = { "Content-Type": "application/json" };
  const body = valid.body === undefined ? undefined : JSON.stringify(valid.body);
  const base = { method, path: fill(path, params), headers: { ...auth, ...(body !== undefined ? json : {}) }, body };
  const cases: Case[] = [{ ...base, query, label: "valid", expect: "accepted" }];

  const tokenRequired = Boolean(op.security?.length);
  for (const [label, authorization] of [
    ["no token", undefined],
    ["a token that is not a JWT", "Bearer not-a-jwt"],
    ["Basic credentials", "Basic dXNlcjpwYXNz"],
  ] as const) {
    if (!tokenRequired && authorization === undefined) continue;
    const headers: Record<string, string> = { ...base.headers };
    delete headers.Authorization;
    if (authorization) headers.Authorization = authorization;
    const expect = tokenRequired || (op.responses["401"] && authorization?.startsWith("Bearer")) ? "refused" : "any";
    cases.push({ ...base, headers, label, expect });
  }

  for (const p of op.parameters ?? []) {
    if (p.in === "path") {
      for (const value of badPathValues(p.schema))
        cases.push({ ...base, path: fill(path, { ...params, [p.name]: value }), label: `path ${p.name}=${value}`, expect: "refused" });
    } else if (p.in === "query") {
      for (const value of badQueryValues(p.schema))
        cases.push({ ...base, query: `${p.name}=${encodeURIComponent(value)}`, label: `query ${p.name}=${value.slice(0, 20)}`, expect: "refused" });
      cases.push({ ...base, query: `${p.name}=1&${p.name}=2`, label: `query ${p.name} twice`, expect: "refused" });
    }
  }

  if (op.requestBody) {
    const schema = resolve(doc, op.requestBody.content["application/json"].schema);
    const validBody = (valid.body ?? {}) as Record<string, unknown>;
    for (const [label, raw] of badBodies(schema, validBody))
      cases.push({ ...base, headers: { ...auth, ...json }, body: raw, label: `body: ${label}`, expect: "refused" });
    cases.push({
      ...base,
      headers: { ...auth, "Content-Type": "text/plain" },
      body: JSON.stringify(validBody),
      label: "body as text/plain",
      expect: "refused",
    });
    cases.push({
      ...base,
      headers: { ...auth, ...json },
      body: JSON.stringify({ ...validBody, padding: "a".repeat(70_000) }),
      label: "body over 64 KB",
      expect: "refused",
    });
    if (op.requestBody.required) cases.push({ ...base, headers: auth, body: undefined, label: "no body", expect: "refused" });
  }
  cases.push({ ...base, method: unlistedMethod(doc, path), label: "a method the path does not allow", expect: "refused" });
  return cases;
}

/** A method the path does not document, which the operation's 405 covers. */
function unlistedMethod(doc: Document, path: string) {
  return ["PATCH", "PUT", "DELETE", "POST"].find((m) => !doc.paths[path][m.toLowerCase()]) ?? "PATCH";
}
