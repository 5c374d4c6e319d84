// What the server's own request log says of a row: the median time it spent on the row's requests
// (from the request reaching Express to the answer's last byte handed to the socket).
import fs from "node:fs";

export function medianServerMs(logFile: string, pathname: string, from: number, to: number): number | undefined {
  const times: number[] = [];
  for (const line of fs.readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as { time: number; path: string; status: number; ms: number };
    if (entry.path === pathname && entry.status === 200 && entry.time >= from && entry.time <= to) times.push(entry.ms);
  }
  if (times.length === 0) return undefined;
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** How many log lines between `from` and `to` carry a message starting with `message`. */
export function countLogLines(logFile: string, message: string, from: number, to: number): number {
  let count = 0;
  for (const line of fs.readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes(`"msg":"${message}`)) continue;
    const { time } = JSON.parse(line) as { time: number };
    if (time >= from && time <= to) count++;
  }
  return count;
}
