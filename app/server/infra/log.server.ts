// Structured JSON logs. Message bodies, passwords, cookies and tokens are never logged: request
// logs carry only the request id, method, path (without its query), status and duration, and
// errors go through `safeError`, which drops what a failed query says about its parameters.
import fs from "node:fs";
import os from "node:os";
import pino from "pino";

export type Logger = pino.Logger;

/**
 * What is safe to log about an error. A failed query's message lists the statement's parameters
 * (what a member wrote), so for those only the database's own message and code are kept; stacks
 * are kept without their message line.
 */
export function safeError(error: unknown) {
  const e = error instanceof Error ? error : new Error(String(error));
  const cause = e.cause instanceof Error ? (e.cause as Error & { code?: unknown }) : undefined;
  const failedQuery = e.message.startsWith("Failed query:");
  return {
    name: e.name,
    message: failedQuery ? "A database query failed" : scrub(e.message),
    ...(cause ? { cause: { name: cause.name, message: scrub(cause.message), code: cause.code } } : {}),
    stack: (e.stack ?? "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 12)
      .join("\n"),
  };
}

/**
 * What a library's message may say, without what it must not: a failed query's text and
 * parameters, query strings, and anything shaped like a token (a long run of letters and digits
 * with no word breaks, as session, reset and verification tokens are).
 */
export function scrub(message: string) {
  if (/Failed query:/.test(message)) return "A database query failed";
  return message
    .split("\n")[0]
    .replace(/\?[^\s"'<>]*/g, "")
    .replace(/\b[A-Za-z0-9_]{20,}\b/g, "[redacted]")
    .slice(0, 300);
}

/** A path as logged: under /api/auth/, whatever follows the endpoint's name is a token. */
export function loggedPath(path: string) {
  const auth = /^(\/api\/auth\/[^/]+)\/./.exec(path);
  return auth ? `${auth[1]}/:token` : path;
}

// On every line: which machine and which process wrote it, when several instances share a log.
const BASE = { pid: process.pid, hostname: os.hostname() };
const BASE_JSON = `"pid":${BASE.pid},"hostname":${JSON.stringify(BASE.hostname)}`;

// Each logger's destination, kept when it is created: request lines are written to it directly.
const streams = new WeakMap<Logger, pino.DestinationStream>();

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: BASE,
    serializers: { err: safeError },
    redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"], remove: true },
  };
  const stream = destination ?? (stdout ??= bufferedStdout());
  const logger = pino(options, stream);
  streams.set(logger, stream);
  return logger;
}

/**
 * The one line per request: method, path without its query, status, time since `start` and the
 * request id. A token in an auth library path (the reset link's) is masked by `loggedPath`. It is
 * written in pino's own format (`{"level":30,"time":...,
 * ...,"msg":"request"}`) straight to the destination `createLogger` gave the logger, without
 * pino's generic serialising and redaction, which cost about 3 µs a line: more than a tenth of a
 * stored page's whole answer.
 */
export function logRequest(log: Logger, method: string | undefined, path: string, status: number, id: string, start: bigint) {
  if (!log.isLevelEnabled("info")) return;
  const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
  const stream = streams.get(log);
  // A logger made elsewhere (a child): pino writes the same fields, a little slower.
  if (!stream) return log.info({ reqId: id, method: method ?? "", path: loggedPath(path), status, ms }, "request");
  stream.write(
    `{"level":30,"time":${Date.now()},${BASE_JSON},"reqId":${JSON.stringify(id)},"method":${JSON.stringify(method ?? "")},"path":${JSON.stringify(loggedPath(path))},"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
}

/**
 * Better Auth's logger option: its messages go through pino at their own level, one JSON line
 * each. Of the values it passes along only errors are kept, through `safeError` (a failed
 * query's parameters can hold the session token from a member's cookie).
 */
export function betterAuthLogger(log: Logger, isOutage: (error: unknown) => boolean = () => false) {
  return {
    level: "warn" as const,
    log(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      // An unreachable database is an outage the request log already reports, not a fault.
      const outage = level === "error" && err !== undefined && isOutage(err);
      log[outage ? "warn" : level]({ component: "auth", ...(err ? { err } : {}) }, outage ? "database unavailable" : scrub(message));
    },
  };
}

let stdout: pino.DestinationStream | undefined;

/**
 * Standard output (one per thread), written in batches: lines are gathered in memory and handed
 * to pino's asynchronous writer (sonic-boom) at 4 KB or every quarter second, whichever comes
 * first, instead of one write (a system call) per line, and never on the serving thread itself:
 * a synchronous write that waits on the disk would hold up every request. The gathering is ours
 * rather than sonic-boom's own (`minLength`), which measures the whole pending text again on
 * every line: about 2 µs a line once a few KB wait. When the thread or process exits, what is
 * still queued or gathered is written synchronously: an asynchronous write begun then would be
 * lost with the thread.
 */
function bufferedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false });
  let pending: string[] = [];
  let size = 0;
  const take = () => {
    const chunk = pending.join("");
    pending = [];
    size = 0;
    return chunk;
  };
  setInterval(() => pending.length && stream.write(take()), 250).unref();
  // Lines written by exit handlers that run after this one go out at once: nothing runs later.
  let exiting = false;
  process.once("exit", () => {
    exiting = true;
    stream.flushSync();
    if (pending.length) fs.writeSync(1, take());
  });
  return {
    write(line: string) {
      if (exiting) {
        fs.writeSync(1, line);
        return;
      }
      pending.push(line);
      size += line.length;
      if (size >= 4096) stream.write(take());
    },
  };
}
