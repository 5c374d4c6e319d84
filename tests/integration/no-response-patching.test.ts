// No module replaces a response's methods. Wrapping `res.writeHead`, `res.write` or `res.end` (or
// swapping the whole object's properties in) hides who really answers a request: each wrapper
// must know about every other, and a page leaked to the wrong visitor when one of them did not.
// Work that must happen as an answer goes out belongs in middleware, route `headers` exports or
// the 'finish' event. This reads every source file of the server and the app and fails, naming
// the line, on any assignment to a response method.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SOURCES = ["app", "server", "server.js"];

// Names only a response (or a socket under it) has: replacing them on any object counts.
const RESPONSE_ONLY = new Set(["writeHead", "flushHeaders", "setHeader", "removeHeader", "appendHeader", "writeContinue", "writeEarlyHints", "addTrailers"]);
// Names other objects have too (a range's `end`): they count on an object that is a response.
const STREAM_METHODS = new Set(["write", "end", "flush", "send", "json", "status", "cork", "uncork", "destroy", "on", "once", "emit"]);
// What a response is called here: `res`, `response`, `serverResponse`, `originalRes`, `reply`...
const RESPONSE_NAME = /^(?:res|resp|response|reply|.*(?:Res|Response))$/;
// Calls that set properties of their first argument.
const PROPERTY_SETTERS = new Set([
  "Object.assign",
  "Object.defineProperty",
  "Object.defineProperties",
  "Object.setPrototypeOf",
  "Reflect.set",
  "Reflect.defineProperty",
]);

/** The expression without parentheses, type assertions, `satisfies` and non-null marks. */
function bare(node: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isSatisfiesExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

const isResponse = (node: ts.Expression) => {
  const base = bare(node);
  if (ts.isIdentifier(base)) return RESPONSE_NAME.test(base.text);
  // `req.res`, `this.res`, `ctx.response`
  if (ts.isPropertyAccessExpression(base)) return RESPONSE_NAME.test(base.name.text);
  return false;
};

/** The property a target names (`res.end`, `res["end"]`, `res[`end`]`), or undefined. */
function propertyOf(target: ts.Expression): { object: ts.Expression; name: string } | undefined {
  const node = bare(target);
  if (ts.isPropertyAccessExpression(node)) return { object: node.expression, name: node.name.text };
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return { object: node.expression, name: node.argumentExpression.text };
  return undefined;
}

const replacesMethod = (target: ts.Expression) => {
  const property = propertyOf(target);
  if (!property) return false;
  return RESPONSE_ONLY.has(property.name) || (STREAM_METHODS.has(property.name) && isResponse(property.object));
};

/** Every target an assignment writes: `a = …`, and each element of `[a, b] = …` / `({ x: a } = …)`. */
function targetsOf(left: ts.Expression): ts.Expression[] {
  const node = bare(left);
  if (ts.isArrayLiteralExpression(node))
    return node.elements.flatMap((e) => (ts.isSpreadElement(e) ? targetsOf(e.expression) : ts.isOmittedExpression(e) ? [] : targetsOf(e)));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? targetsOf(p.initializer) : ts.isSpreadAssignment(p) ? targetsOf(p.expression) : []));
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) return targetsOf(node.left); // a default: `[a = 1] = …`
  return [node];
}

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** The lines of `source` (named `file`) that replace a response method, as `file:line: text`. */
function responsePatches(file: string, source: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push(`${file}:${line + 1}: ${node.getText(sf).split("\n")[0].slice(0, 120)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind) && targetsOf(node.left).some(replacesMethod)) report(node);
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = bare(node.expression);
      const name = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) ? `${callee.expression.text}.${callee.name.text}` : "";
      if (PROPERTY_SETTERS.has(name) && isResponse(node.arguments[0])) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every .ts, .tsx and .js file under the given paths (tests aside), relative to the root. */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(abs)) if (entry !== "node_modules" && !entry.startsWith(".")) walk(path.join(rel, entry));
    } else if (/\.(?:ts|tsx|js|mjs|cjs)$/.test(rel) && !/\.(?:test|spec)\.[jt]sx?$/.test(rel) && !rel.endsWith(".d.ts")) {
      out.push(rel);
    }
  };
  for (const rel of SOURCES) walk(rel);
  return out.sort();
}

describe("no module replaces a response method", () => {
  it("the check finds each way of replacing one, and leaves other assignments alone", () => {
    const bad = [
      "res.write = () => true;",
      "res.writeHead = function (...args) { return original.apply(this, args); };",
      "res.end = end;",
      "(res as { flush?: () => void }).flush = () => {};",
      'res["end"] = end;',
      "res[`writeHead`] = wrapped;",
      "Object.assign(res, { end });",
      'Object.defineProperty(response, "write", { value: write });',
      "[res.write, res.end] = [write, end];",
      "req.res!.end = end;",
      "outgoing.setHeader = setHeader;",
      "this.writeHead = writeHead;",
      "serverResponse.end ??= end;",
    ];
    for (const line of bad) expect(responsePatches("example.ts", line), line).toHaveLength(1);
    const fine = [
      "range.end = 10;",
      "const end = res.end.bind(res);",
      "res.statusCode = 503;",
      "res.locals.nonce = nonce;",
      'res.setHeader("Cache-Control", "no-store");',
      "res.on('finish', () => log());",
      "const write = (chunk) => stream.write(chunk);",
      "Object.assign(options, { end: true });",
      "if (res.end === end) done();",
    ];
    for (const line of fine) expect(responsePatches("example.ts", line), line).toEqual([]);
  });

  it("no source file of the server or the app assigns to a response method", () => {
    const files = sourceFiles();
    // The walk found the server's own files (a wrong root would pass with nothing read).
    expect(files).toContain("server.js");
    expect(files).toContain(path.join("server", "app.ts"));
    expect(files.length).toBeGreaterThan(50);
    const patches = files.flatMap((file) => responsePatches(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(patches, "assignments to a response method (file:line)").toEqual([]);
  });
});
