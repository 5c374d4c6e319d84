// Idle live-update streams, as readers with a question open hold them: shared by the streams
// bench (what they cost in memory and files) and the capacity run (what they cost everyone else).
import http from "node:http";

/** Opens one stream on a question's events and resolves once its headers arrived; it stays open. */
function openStream(port: number, question: number, agent: http.Agent) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: `/live/events?question=${question}`, agent, headers: { Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`a stream answered ${res.statusCode}`));
      res.resume();
      resolve(res);
    });
    req.on("error", reject);
  });
}

/** Opens `count` streams a hundred at a time, as browsers arriving over a few seconds would. */
export async function openStreams(port: number, question: number, count: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: http.IncomingMessage[] = [];
  for (let i = 0; i < count; i += 100) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => openStream(port, question, agent)))));
  }
  return {
    count: streams.length,
    close() {
      for (const res of streams) res.destroy();
      agent.destroy();
    },
  };
}
