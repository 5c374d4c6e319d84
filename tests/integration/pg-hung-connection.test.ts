// What the database module relies on when PostgreSQL stops answering in the middle of a statement
// (app/server/infra/db.server.ts): node-postgres fails the statement with "Query read timeout" after
// `query_timeout`, and its public end() then closes the socket at once rather than waiting for a
// goodbye the server will never acknowledge, so the rollback that follows fails at once too. An
// upgrade of pg that changes either fails here. The server below accepts the connection and then
// never answers: a database behind a network partition.
import net from "node:net";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

/** A server that completes PostgreSQL's start-up exchange, then reads statements and answers none. */
async function silentDatabase() {
  const closed: Promise<void>[] = [];
  const server = net.createServer((socket) => {
    closed.push(new Promise((resolve) => socket.on("close", () => resolve())));
    socket.on("error", () => {});
    socket.once("data", () => {
      // AuthenticationOk, then ReadyForQuery (idle).
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, closed, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
});

describe("a PostgreSQL connection whose server stops answering", () => {
  it("fails the statement with pg's read timeout; end() then closes the socket at once and later statements fail at once", async () => {
    const database = await silentDatabase();
    const client = new pg.Client({ host: "127.0.0.1", port: database.port, user: "x", database: "x", query_timeout: 200 });
    stop = async () => {
      await client.end().catch(() => {});
      await database.close();
    };
    client.on("error", () => {});
    await client.connect();

    await expect(client.query("select 1")).rejects.toThrow(/^Query read timeout$/);

    const started = Date.now();
    await client.end();
    expect(Date.now() - started).toBeLessThan(1_000);
    await database.closed[0];

    const rollback = Date.now();
    await expect(client.query("rollback")).rejects.toThrow(/not queryable/);
    expect(Date.now() - rollback).toBeLessThan(100);
  });
});
