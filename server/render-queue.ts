// Pages rendered for one request (members' pages, misses of the page cache) take their turn:
// at most `limit` at a time per serving thread, the others wait in order of arrival. Rendering
// is CPU work, so running fifty at once finishes none of them sooner; it only keeps fifty pages'
// worth of objects alive together, which V8 then copies and promotes on every collection, and
// lets some requests overtake others. In turn, latency stays even and memory flat under load.
import type { IncomingMessage, ServerResponse } from "node:http";

export const RENDER_CONCURRENCY = 8;

export function createRenderQueue(limit = RENDER_CONCURRENCY) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    while (waiting.length && active < limit) {
      active++;
      waiting.shift()!();
    }
  };
  return {
    /** Runs `render` now or when a turn frees; a turn ends when the response is done or dropped. */
    run(req: IncomingMessage, res: ServerResponse, render: () => void) {
      const start = () => {
        let done = false;
        const free = () => {
          if (done) return;
          done = true;
          release();
        };
        // The visitor left while waiting: nothing to render.
        if (req.destroyed || res.writableEnded) return free();
        res.once("finish", free);
        res.once("close", free);
        render();
      };
      if (active < limit) {
        active++;
        start();
      } else {
        waiting.push(start);
      }
    },
    active: () => active,
    waiting: () => waiting.length,
  };
}
