// What an operator's log collector would choke on or must never hold: every line of a server's
// output is one JSON object, and none carries an email address, something shaped like a session
// or reset token, or a text members wrote (the test passes the titles and addresses it used).
import { expect } from "./fixtures";
import { logProblems } from "./server-logs";

export function expectCleanLogs(output: string, options: { secrets?: string[] } = {}) {
  const problems = logProblems(output, options);
  expect(problems.slice(0, 20), `${problems.length} log lines out of place`).toEqual([]);
}
