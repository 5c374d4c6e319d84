// Rendered pages take turns (server/render-queue.ts): never more than the limit at once, in order
// of arrival, and a visitor who left while waiting frees their turn without a render.
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createRenderQueue } from "../../server/render-queue";

function exchange() {
  const req = Object.assign(new EventEmitter(), { destroyed: false }) as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { writableEnded: false }) as unknown as ServerResponse & EventEmitter;
  return { req, res, finish: () => res.emit("finish"), close: () => res.emit("close") };
}

describe("the render queue", () => {
  it("renders at most `limit` pages at once, the rest in order of arrival as turns free", () => {
    const queue = createRenderQueue(2);
    const started: number[] = [];
    const exchanges = Array.from({ length: 5 }, () => exchange());
    exchanges.forEach((x, i) => queue.run(x.req, x.res, () => started.push(i)));
    expect(started).toEqual([0, 1]);
    expect(queue.waiting()).toBe(3);
    exchanges[1].finish();
    expect(started).toEqual([0, 1, 2]);
    exchanges[0].close();
    exchanges[0].finish(); // a second signal for the same response frees nothing more
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.active()).toBe(2);
    exchanges[2].finish();
    exchanges[3].finish();
    exchanges[4].finish();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.active()).toBe(0);
  });

  it("skips a visitor who left while waiting and gives the turn to the next", () => {
    const queue = createRenderQueue(1);
    const started: string[] = [];
    const first = exchange();
    const gone = exchange();
    const next = exchange();
    queue.run(first.req, first.res, () => started.push("first"));
    queue.run(gone.req, gone.res, () => started.push("gone"));
    queue.run(next.req, next.res, () => started.push("next"));
    (gone.req as { destroyed: boolean }).destroyed = true;
    first.finish();
    expect(started).toEqual(["first", "next"]);
    expect(queue.active()).toBe(1);
  });
});
