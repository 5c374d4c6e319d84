// The site's own nginx configuration (deploy/nginx/capsiva.conf) as the tests run it: on
// loopback over plain HTTP (its TLS server block without the certificate lines, the redirect
// block left out), in front of the given instances, logging to the test's folder.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./processes";

export function siteConfForTest(options: { upstreams: number[]; listen: number; dir: string }) {
  const conf = fs
    .readFileSync(path.join(ROOT, "deploy/nginx/capsiva.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", options.upstreams.map((p) => `server 127.0.0.1:${p};`).join("\n    "))
    .replace(/# Plain HTTP only sends visitors to HTTPS\.\nserver \{[\s\S]*?\n\}\n/, "")
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${options.listen};`)
    .replace(/^\s*(http2 on|ssl_[a-z_]+ [^\n]*);[^\n]*\n/gm, "")
    .replaceAll("/var/log/nginx/capsiva.access.log", path.join(options.dir, "access.log"));
  if (conf.includes("listen 80;") || !conf.includes(`listen 127.0.0.1:${options.listen};`))
    throw new Error("deploy/nginx/capsiva.conf is not laid out as the tests expect");
  return conf;
}
