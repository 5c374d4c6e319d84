// What an operator's log collector would choke on or must never hold: every line of a server's
// output is one JSON object, and none carries an email address, something shaped like a session
// or reset token, or a text members wrote (the test passes the titles and addresses it used).
import { expect } from "./fixtures";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/;
// Session and reset tokens are long runs of letters and digits; a request id or a hash is not
// logged in that shape except as a UUID (with dashes), which this leaves alone; a long word
// (processTicksAndRejections in a stack) has no digit.
const TOKEN = /(?<![A-Za-z0-9_-])(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{24,}(?![A-Za-z0-9_-])/;

export function logProblems(output: string, options: { secrets?: string[] } = {}) {
  const problems: string[] = [];
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    const short = line.slice(0, 200);
    try {
      if (typeof JSON.parse(line) !== "object") problems.push(`not a JSON object: ${short}`);
    } catch {
      problems.push(`not JSON: ${short}`);
      continue;
    }
    if (EMAIL.test(line)) problems.push(`an email address: ${short}`);
    // The request id nginx makes is 32 hex digits: an id, not a secret.
    const scanned = line.replace(/"reqId":"[^"]*"/g, "");
    if (TOKEN.test(scanned)) problems.push(`something shaped like a token (${TOKEN.exec(scanned)![0].slice(0, 6)}…): ${short}`);
    for (const secret of options.secrets ?? []) if (line.includes(secret)) problems.push(`"${secret.slice(0, 40)}": ${short}`);
  }
  return problems;
}

export function expectCleanLogs(output: string, options: { secrets?: string[] } = {}) {
  const problems = logProblems(output, options);
  expect(problems.slice(0, 20), `${problems.length} log lines out of place`).toEqual([]);
}
