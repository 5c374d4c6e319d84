// Structured JSON logs. Message bodies, passwords, cookies and tokens are never logged: request
// logs carry only the request id, method, path (without its query), status and duration, and
// errors go through `safeError`, which drops what a failed query says about its parameters.
import { isMainThread } from "node:worker_threads";
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
  return pino(options, destination ?? bufferedStdout());
}

const requestLogs = new WeakMap<Logger, Logger>();

/**
 * The logger for the one line per request (method, path without query, status, time, request id:
 * nothing to redact), without the redaction pass, which costs about 3 µs a line: more than a
 * tenth of a stored page's whole answer.
 */
export function requestLogOf(log: Logger): Logger {
  let requests = requestLogs.get(log);
  if (!requests) requestLogs.set(log, (requests = log.child({}, { redact: { paths: [], remove: true } })));
  return requests;
}

/**
 * Standard output, written in batches: lines are gathered in memory and written at 4 KB or every
 * quarter second, whichever comes first, instead of one write (a system call) per line; what is
 * still gathered is written out when the process exits.
 */
function bufferedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
  // pino does this itself on the main thread only.
  if (!isMainThread) process.once("exit", () => stream.flushSync());
  return stream;
}
