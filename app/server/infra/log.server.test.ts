import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logRequest } from "./log.server";

function capture(level: string) {
  const lines: string[] = [];
  const log = createLogger(level, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  return { log, lines };
}

describe("request log lines", () => {
  it("are the line pino writes for the same fields, one JSON object per line", () => {
    const ours = capture("info");
    const start = process.hrtime.bigint() - 12_345_678n;
    logRequest(ours.log, "GET", "/forum", 200, "id-1", start);
    const pinos = capture("info");
    pinos.log.info({ reqId: "id-1", method: "GET", path: "/forum", status: 200, ms: 12.3 }, "request");

    expect(ours.lines).toHaveLength(1);
    expect(ours.lines[0].endsWith("\n")).toBe(true);
    const line = JSON.parse(ours.lines[0]);
    const reference = JSON.parse(pinos.lines[0]);
    expect(Object.keys(line)).toEqual(Object.keys(reference));
    expect({ ...line, time: 0, ms: 0 }).toEqual({ ...reference, time: 0, ms: 0 });
    expect(line.ms).toBeGreaterThanOrEqual(12.3);
    expect(Math.abs(line.time - Date.now())).toBeLessThan(5_000);
  });

  it("escape whatever a path holds", () => {
    const { log, lines } = capture("info");
    const path = '/search"},"admin":true,"x":"\\\n\u2028ü';
    logRequest(log, "GET", path, 404, 'a"b', process.hrtime.bigint());
    expect(lines).toHaveLength(1);
    expect(lines[0].split("\n")).toHaveLength(2);
    const line = JSON.parse(lines[0]);
    expect(line.path).toBe(path);
    expect(line.reqId).toBe('a"b');
    expect(line).not.toHaveProperty("admin");
  });

  it("from a logger made from another (a child), are pino's own line with the same fields", () => {
    const { log, lines } = capture("info");
    logRequest(log.child({ component: "x" }), "POST", "/api/auth/reset-password/Zq8sEcretTokenValue123", 302, "id-2", process.hrtime.bigint());
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 30,
      component: "x",
      reqId: "id-2",
      method: "POST",
      path: "/api/auth/reset-password/:token",
      status: 302,
      msg: "request",
    });
  });

  it("are not written below the info level", () => {
    const { log, lines } = capture("warn");
    logRequest(log, "GET", "/", 200, "id", process.hrtime.bigint());
    expect(lines).toEqual([]);
  });
});
