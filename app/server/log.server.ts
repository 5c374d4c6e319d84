// Structured JSON logs. Message bodies, passwords, cookies and tokens are never logged: request
// logs carry only the request id, method, path (without its query), status and duration.
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"], remove: true },
  });
}
