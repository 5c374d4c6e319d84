// What the scripts that start the production server here have in common (npm run bench,
// npm run audit): a build to start, a free loopback port, and waiting until it answers.
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** Builds into `buildDir` unless a server build is already there. */
export function buildIfMissing(buildDir: string) {
  if (fs.existsSync(path.join(ROOT, buildDir, "server/index.js"))) return;
  console.log(`No build in ${buildDir}/: building...`);
  execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

/** A loopback port nothing listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; fails after `timeoutMs`, or at once if `child` exits. */
export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with status ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
