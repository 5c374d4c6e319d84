import http from "node:http";
import path from "node:path";
import { ROOT } from "../local-server";
import { ACCEPT_ENCODING, BUILD_DIR, type Target } from "./config";
import { rawGet } from "./http";

/**
 * PostgreSQL statements per request, page by page: the production build's app served from this
 * process on the bench's database (its pool counts what it sends), each page asked for 5 times to
 * settle, then 20 times counted; signed-in pages take the members in turn, as the load does.
 */
export async function countStatements(env: Record<string, string | undefined>, targets: Target[], sessions: string[]) {
  process.env.NODE_ENV = "production";
  const mod = (await import(path.join(ROOT, BUILD_DIR, "server", "index.js"))) as typeof import("../../server/app");
  const { default: express } = await import("express");
  const runtime = await mod.openRuntime({ ...env, LOG_LEVEL: "warn" });
  const app = express();
  app.set("trust proxy", runtime.env.TRUST_PROXY);
  app.use(mod.createApp(runtime));
  const server = http.createServer(mod.createListener(runtime, app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  const count = runtime.database.statements!;
  const rows: { name: string; path: string; signedIn: boolean; perRequest: number }[] = [];
  try {
    for (const target of targets) {
      let turn = 0;
      const ask = async () => {
        const headers: Record<string, string> = { "Accept-Encoding": ACCEPT_ENCODING };
        if (target.signedIn) headers.Cookie = sessions[turn++ % sessions.length];
        const res = await rawGet(`http://127.0.0.1:${port}${target.path}`, headers);
        if (res.status !== 200) throw new Error(`${target.path} answered ${res.status} while counting statements`);
      };
      for (let i = 0; i < 5; i++) await ask();
      const before = count();
      for (let i = 0; i < 20; i++) await ask();
      rows.push({ name: target.name, path: target.path, signedIn: target.signedIn, perRequest: (count() - before) / 20 });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await runtime.mailOutbox.stop();
    await runtime.freshness.stop();
    await runtime.database.close();
  }
  return rows;
}
