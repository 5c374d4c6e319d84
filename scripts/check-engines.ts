// npm compares each dependency's `engines` with the Node that runs npm, which may be older than the
// Node 24 the project runs on (the `node` package), so `.npmrc` keeps installs quiet and this check,
// run by `npm test` on the project's own Node, fails for any installed package that cannot run on it.
import fs from "node:fs";
import semver from "semver";

type LockEntry = { optional?: boolean; engines?: { node?: string } | string[] };
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };

const refused: string[] = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const range = !where || entry.optional || Array.isArray(entry.engines) ? undefined : entry.engines?.node;
  if (range && !semver.satisfies(process.version, range, { includePrerelease: true })) {
    refused.push(`${where.replace(/^.*node_modules\//, "")} needs Node ${range}`);
  }
}
if (refused.length > 0) {
  console.error(`Installed packages that do not support Node ${process.version}:\n  ${refused.join("\n  ")}`);
  process.exit(1);
}
console.log(`Every installed package supports Node ${process.version}.`);
