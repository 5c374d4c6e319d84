// The nginx configuration an operator installs (deploy/nginx/) starts on this machine's nginx,
// Debian 12's 1.22 (Ubuntu 24.04 ships 1.24; neither knows "http2 on;"): `nginx -t` on the files
// as shipped, with a self-signed certificate where they read it. The browser tests run the same
// file in front of the site (tests/e2e/proxy.spec.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NGINX, SHIPPED_SITE, shippedForCheck } from "../e2e/nginx-site";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the shipped nginx configuration", () => {
  it("passes nginx -t as shipped, HTTP/2 and TLS included", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-nginx-"));
    dirs.push(dir);
    const check = spawnSync(NGINX, ["-t", "-c", shippedForCheck(dir)], { encoding: "utf8" });
    expect(check.stderr).toContain("test is successful");
    expect(check.status).toBe(0);
  });

  it("spells HTTP/2 as a listen parameter, and reads every value an operator sets from its folder", () => {
    const site = fs.readFileSync(SHIPPED_SITE, "utf8");
    const https = fs.readFileSync(path.join(path.dirname(SHIPPED_SITE), "capsiva/listen-https.conf"), "utf8");
    expect(site).not.toMatch(/^\s*http2\s+on;/m);
    expect(https).toMatch(/^listen 443 ssl http2;$/m);
    // No absolute path, address, port or name in the shipped site file's directives.
    const directives = site.replace(/#[^\n]*/g, "");
    expect(directives).not.toMatch(/\/etc\/|\/var\/|127\.0\.0\.1|server_name|listen /);
  });
});
