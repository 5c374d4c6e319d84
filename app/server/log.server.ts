// Structured JSON logs. Message bodies, passwords, cookies and tokens are never logged: request
// logs carry only the request id, method, path (without its query), status and duration, and
// errors go through `safeError`, which drops what a failed query says about its parameters.
import fs from "node:fs";
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
    message: failedQuery ? "A database query failed" : e.message,
    ...(cause ? { cause: { name: cause.name, message: cause.message, code: cause.code } } : {}),
    stack: (e.stack ?? "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 12)
      .join("\n"),
  };
}

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: safeError },
    redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"], remove: true },
  };
  return pino(options, destination ?? (stdout ??= bufferedStdout()));
}

/**
 * The one line per request: method, path without its query, status, time since `start` and the
 * request id. The only secret a path carries, a password-reset token in the auth library's own
 * reset link, is replaced by "[token]" (a cheap prefix test first). It is written in pino's own format (`{"level":30,"time":...,
 * ...,"msg":"request"}`) straight to the logger's stream, without pino's generic serialising and
 * redaction, which cost about 3 µs a line: more than a tenth of a stored page's whole answer.
 */
const RESET_PATH = "/api/auth/reset-password/";

export function logRequest(log: Logger, method: string | undefined, path: string, status: number, id: string, start: bigint) {
  if (!log.isLevelEnabled("info")) return;
  const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
  if (path.startsWith(RESET_PATH)) path = `${RESET_PATH}[token]`;
  const stream = (log as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  stream.write(
    `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(id)},"method":${JSON.stringify(method ?? "")},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
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
  process.once("exit", () => {
    stream.flushSync();
    if (pending.length) fs.writeSync(1, take());
  });
  return {
    write(line: string) {
      pending.push(line);
      size += line.length;
      if (size >= 4096) stream.write(take());
    },
  };
}
