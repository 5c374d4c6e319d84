// Stored pages answered before Express get no access-log line each (writing one costs more than
// the answer): one line a minute counts them, and a last one as the process exits.
import type { Logger } from "../../app/server/infra/log.server";

export function servedCount(log: Logger, everyMs = 60_000): (status: number) => void {
  let served = 0;
  let notModified = 0;
  const flush = () => {
    if (served + notModified > 0) log.info({ storedPages: { served, notModified } }, "stored pages served");
    served = notModified = 0;
  };
  setInterval(flush, everyMs).unref();
  process.once("exit", flush);
  return (status) => (status === 304 ? notModified++ : served++);
}
