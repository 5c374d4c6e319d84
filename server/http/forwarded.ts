// X-Forwarded-* headers count only when the peer that sent them is a proxy we trust
// (TRUST_PROXY). Anyone else's are removed as the request arrives, before the page store,
// Express and the auth library read them: no later reader can be fooled.
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

const FORWARDED = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "forwarded"] as const;

/** A function that strips forwarding headers from requests whose peer is not a trusted proxy. */
export function untrustedForwardingRemover(trust: false | number | string[]): (req: IncomingMessage) => void {
  // The same reading of the setting as Express's own "trust proxy" (hop count, or addresses).
  const trusted: (address: string, hop: number) => boolean =
    trust === false ? () => false : typeof trust === "number" ? (_address, hop) => hop < trust : proxyaddr.compile(trust);
  return (req) => {
    if (trusted(req.socket.remoteAddress ?? "", 0)) return;
    for (const name of FORWARDED) if (req.headers[name] !== undefined) delete req.headers[name];
  };
}
