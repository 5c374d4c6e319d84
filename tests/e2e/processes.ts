// Starting the production server as a process, for the tests that need whole processes
// (configuration errors, several instances on one database, shutdown, packaging).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CHANGES_CHANNEL } from "../../app/server/infra/change-events.server";
import pg from "pg";
import { keepServerOutput } from "./server-logs";

export const ROOT = path.resolve(".");
export const NODE = path.join(ROOT, "node_modules/.bin/node");
/** The PostgreSQL server tests create their databases on (never stopped by a test). */
export const ADMIN_URL = process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

export function start(env: Record<string, string>, options: { cwd?: string; args?: string[] } = {}): ServerProcess {
  const child = spawn(NODE, options.args ?? ["server.js"], {
    cwd: options.cwd ?? ROOT,
    // No pause between readiness going 503 and closing on SIGTERM, unless a test asks for one.
    // Without an SMTP server, mail is off: a production instance on PostgreSQL needs one or the other.
    // Members here sign up and post at once: holds on new members' posts are tested in held-posts.test.ts.
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      SHUTDOWN_DELAY_SECONDS: "0",
      MAIL: env.SMTP_URL ? "" : "off",
      HOLD_NEW_MEMBERS_POSTS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepServerOutput(child, "server");
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitHealthy(port: number, timeoutMs = 60_000, route = "/healthz") {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}${route}`);
      if (r.ok) return (await r.json()) as { database: string };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-e2e-"));

export const stop = async (p: { child: ChildProcess; exited: Promise<number | null> }) => {
  p.child.kill("SIGTERM");
  return p.exited;
};

/** Kills whatever is still running (a failed test must not leave servers behind). */
export function killAll(processes: ServerProcess[]) {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
}

/** A fresh PostgreSQL database named `prefix_<time>`, and a way to drop it. */
export async function freshDatabase(prefix: string) {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Ports for servers a spec starts: above the browser tests' own server, as far as 29 up. */
export function portFor(offset: number) {
  if (offset < 1 || offset > 29) throw new Error("port offsets go from 1 to 29");
  return Number(process.env.E2E_PORT ?? 3210) + offset;
}

/**
 * A TCP proxy in front of PostgreSQL that a test can cut or freeze: `cut()` drops every
 * connection and refuses new ones (the database unreachable), `freeze()` keeps every connection
 * open but carries nothing either way, new ones included (a partition, or a firewall that drops
 * packets), `freezeListening()` does that to the connections that sent LISTEN only (what a NAT
 * idle timeout does to a quiet connection), `cutExceptListening()` cuts all the others;
 * `slowReplies(ms)` hands on what the database sends `ms` later, in order (a slow round trip;
 * replies still delayed when `restore()` is called may arrive after newer ones);
 * `restore()` lets everything through again.
 */
export async function startDatabaseProxy(port: number, databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const links = new Set<{ frozen: boolean; listening: boolean; held: [net.Socket, Buffer][]; sockets: net.Socket[] }>();
  let down = false;
  let frozen = false;
  let replyDelayMs = 0;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link = { frozen, listening: false, held: [] as [net.Socket, Buffer][], sockets: [client, upstream] };
    links.add(link);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      links.delete(link);
    };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", drop).on("close", drop);
    }
    const carry = (from: net.Socket, to: net.Socket) =>
      from.on("data", (chunk: Buffer) => {
        if (from === client && chunk.toString("latin1").toLowerCase().includes(`listen ${CHANGES_CHANNEL}`)) link.listening = true;
        if (link.frozen) link.held.push([to, chunk]);
        else if (from === upstream && replyDelayMs) setTimeout(() => to.write(chunk), replyDelayMs);
        else to.write(chunk);
      });
    carry(client, upstream);
    carry(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    freeze() {
      frozen = true;
      for (const link of links) link.frozen = true;
    },
    /**
     * Cuts every connection but the ones that listen for notifications, and refuses new ones: the
     * pool's database is gone while the notification channel looks well (nothing to reconnect).
     */
    cutExceptListening() {
      down = true;
      for (const link of links) if (!link.listening) for (const s of link.sockets) s.destroy();
    },
    /** Freezes the connections that listen for notifications now; returns how many. */
    freezeListening() {
      const listening = [...links].filter((link) => link.listening);
      for (const link of listening) link.frozen = true;
      return listening.length;
    },
    slowReplies(ms: number) {
      replyDelayMs = ms;
    },
    restore() {
      down = false;
      frozen = false;
      replyDelayMs = 0;
      for (const link of links) {
        link.frozen = false;
        for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
      }
    },
    close() {
      this.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type DatabaseProxy = Awaited<ReturnType<typeof startDatabaseProxy>>;
