// What the soak's parts share: the run's id (in every marker it writes), where the build is, a sleep.
import crypto from "node:crypto";
import path from "node:path";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// Letters only: markers must not look like phone numbers to the posting rules.
export const RUN_ID = Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("");
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
