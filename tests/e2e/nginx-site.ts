// The site's own nginx configuration (deploy/nginx/capsiva.conf) as the tests run it: the file
// as shipped, never edited, included from its place. Its relative paths are read under nginx's
// configuration folder, here a temporary one laid out as /etc/nginx is on a server: this test's
// values in capsiva/ (the instances as upstreams, a loopback port instead of 443, the redirect
// block on a Unix socket instead of port 80, the log in the folder) and a self-signed
// certificate in capsiva/tls/, made here with openssl.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./processes";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p)) ?? "nginx";
export const SHIPPED_SITE = path.join(ROOT, "deploy/nginx/capsiva.conf");
const SHIPPED_VALUES = path.join(ROOT, "deploy/nginx/capsiva");

/** A self-signed certificate for localhost in `dir`/capsiva/tls/, where the shipped file reads it. */
export function makeCertificate(dir: string) {
  const tls = path.join(dir, "capsiva/tls");
  fs.mkdirSync(tls, { recursive: true });
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost"]
      .concat(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
      .concat(["-keyout", path.join(tls, "privkey.pem"), "-out", path.join(tls, "fullchain.pem")]),
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return fs.readFileSync(path.join(tls, "fullchain.pem"), "utf8");
}

/** The main nginx.conf of a test: nginx's own files in `dir`, and the shipped site included as it is. */
function mainConf(dir: string) {
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    file,
    [
      "worker_processes 1;",
      "daemon off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 256; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${SHIPPED_SITE};`,
      "}",
      "",
    ].join("\n"),
  );
  return file;
}

/**
 * The shipped configuration with the shipped values, as an operator installs it, for `nginx -t`
 * (which binds no port): only the log file (site.conf) is the test's, so that checking writes
 * nothing outside `dir`. Returns the main configuration file.
 */
export function shippedForCheck(dir: string) {
  makeCertificate(dir);
  for (const file of ["upstream.conf", "listen-http.conf", "listen-https.conf"]) {
    fs.symlinkSync(path.join(SHIPPED_VALUES, file), path.join(dir, "capsiva", file));
  }
  fs.writeFileSync(path.join(dir, "capsiva/site.conf"), `server_name community.example.org;\naccess_log ${dir}/access.log capsiva;\n`);
  return mainConf(dir);
}

/**
 * The shipped configuration in front of the test's instances, listening on 127.0.0.1:`listen`:
 * over TLS with HTTP/2, or over plain HTTP to the same server block (`tls: false`, for the tests
 * of many instances, which speak HTTP/1.1 to it). Returns the main configuration file and the
 * certificate clients are to trust.
 */
export function siteForTest(options: { upstreams: number[]; listen: number; dir: string; tls: boolean; backups?: number[] }) {
  const { dir } = options;
  const certificate = makeCertificate(dir);
  const values: Record<string, string> = {
    // A backup is sent requests only while the others cannot be reached.
    "upstream.conf": options.upstreams.map((p) => `server 127.0.0.1:${p}${options.backups?.includes(p) ? " backup" : ""};`).join("\n"),
    "listen-http.conf": `listen unix:${dir}/http.sock;`,
    "listen-https.conf": `listen 127.0.0.1:${options.listen}${options.tls ? " ssl http2" : ""};`,
    "site.conf": `server_name localhost;\naccess_log ${dir}/access.log capsiva;`,
  };
  for (const [file, text] of Object.entries(values)) fs.writeFileSync(path.join(dir, "capsiva", file), `${text}\n`);
  return { conf: mainConf(dir), certificate };
}
