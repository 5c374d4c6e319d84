// Configuration, parsed once at start-up. A bad value stops the server with a message that
// names the variable. Only `publicConfig` is ever sent to the browser.
import net from "node:net";
import { z } from "zod";
import { SITE_NAME } from "../../lib/seo";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["true", "1", "yes"].includes(v)));

const url = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
  .transform((v) => v.replace(/\/+$/, ""));

/** Optional free text: unset or blank means none; otherwise trimmed, one line, at most `max` characters. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .string()
        .min(2, "must be at least 2 characters")
        .max(max, `must be at most ${max} characters`)
        .regex(/^[^\n\r<>]*$/, "must be one line of plain text")
        .optional(),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  SITE_URL: url.optional(),
  STORE_URL: url.default("https://capsiva.example"),
  SUPPORT_EMAIL: z.string().email().default("support@capsiva.example"),
  SUPPORT_PHONE: z.string().min(3).default("1-800-CAPSIVA"),
  SUPPORT_PHONE_TEL: z
    .string()
    .regex(/^\+[0-9]{6,15}$/, "must be an international number such as +18002277482")
    .default("+18002277482"),
  POSTAL_ADDRESS: z.string().min(5).default("Capsiva Health, 100 Main Street, Suite 200, Portland, OR 97204, USA"),
  // A guide says "Reviewed by" only when the operator names a real reviewer: both empty by default.
  GUIDE_REVIEWER_NAME: optionalText(100),
  GUIDE_REVIEWER_CREDENTIALS: optionalText(200),
  // Off by default: a rating only search engines see, not drawn from readable reviews, breaks
  // their rules and consumer-protection rules. An operator with real reviews turns it on.
  AGGREGATE_RATING: bool(false),
  AGGREGATE_RATING_VALUE: z.coerce.number().min(1).max(5).default(4.8),
  AGGREGATE_RATING_COUNT: z.coerce.number().int().min(1).default(250),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Bounds on every wait for PostgreSQL (docs/decisions/014-operating-through-database-trouble.md):
  // a statement, a lock, an open transaction left idle, and getting a connection from the pool.
  // A request answers 503 once REQUEST_TIMEOUT_SECONDS pass, below nginx's proxy_read_timeout (60 s).
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(10),
  DATABASE_LOCK_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(5),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(5),
  DATABASE_START_RETRY_MAX_SECONDS: z.coerce.number().min(0.5).max(300).default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(55).default(25),
  DATA_DIR: z.string().min(1).default("./data"),
  SEED: bool(true),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // "off": the operator runs without mail on purpose (a production instance on PostgreSQL needs
  // SMTP_URL otherwise); a mail that cannot go is then logged by its id only.
  MAIL: z.enum(["on", "off", ""]).optional(),
  MAIL_FROM: z.string().min(3).default(`${SITE_NAME} <no-reply@capsiva.example>`),
  // Notification mails: one mail per question at most this often, the daily digest at this hour
  // (UTC), senders looking for due mails this often, and the first retry after a refusal.
  MAIL_GATHER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(10),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.2).max(3600).default(30),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(1).max(86_400).default(3600),
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false", "1", "0", ""]).optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust === "string") {
        ctx.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }
      return trust;
    }),
  PAGE_CACHE: bool(true),
  RATE_LIMITS: bool(true),
  // Keeping the community safe (docs/decisions/027): how many established members' reports hide
  // a post until a moderator looks; whether a new member's posts with links, or many on their
  // first day, wait for a moderator; and the minimum age stated in the terms and confirmed at sign-up.
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).max(100).default(3),
  HOLD_NEW_MEMBERS_POSTS: bool(true),
  MINIMUM_AGE: z.coerce.number().int().min(13).max(21).default(16),
});

/**
 * Which peers may speak for the client in X-Forwarded-For/-Proto/-Host: none (false), the
 * nearest N proxies (a hop count), or proxies at these addresses and ranges (Express's "trust
 * proxy" forms). `true` is refused: it would believe an address the client writes itself.
 * Returns a message for a value it cannot take.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  const v = (value ?? "").trim().toLowerCase();
  if (["", "false", "0", "no"].includes(v)) return false;
  if (["true", "yes"].includes(v)) {
    return "true would trust any X-Forwarded-For a client sends: set the number of proxies in front of the server (usually 1) or their addresses, e.g. 127.0.0.1 or 10.0.0.0/8";
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : "must be false, a number of proxies from 1 to 10, or a list of proxy addresses";
  }
  const entries = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    const family = net.isIP(address);
    if (!family || rest.length) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  const bad = entries.find((entry) => !valid(entry));
  return bad ? `"${bad}" is not an IP address, a CIDR range, or loopback/linklocal/uniquelocal` : entries;
}

export type Env = ReturnType<typeof parseEnv>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.DATABASE_LOCK_TIMEOUT_SECONDS > e.DATABASE_STATEMENT_TIMEOUT_SECONDS) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_LOCK_TIMEOUT_SECONDS: must not be longer than DATABASE_STATEMENT_TIMEOUT_SECONDS (a statement waiting on a lock is still a statement)",
    );
  }
  if (e.GUIDE_REVIEWER_CREDENTIALS && !e.GUIDE_REVIEWER_NAME) {
    throw new ConfigError(
      "Invalid configuration:\n  GUIDE_REVIEWER_NAME: must be set when GUIDE_REVIEWER_CREDENTIALS is set (credentials without a reviewer's name)",
    );
  }
  const mailOff = e.MAIL === "off";
  if (mailOff && e.SMTP_URL) {
    throw new ConfigError("Invalid configuration:\n  MAIL: is off while SMTP_URL is set; unset one of them (MAIL=off runs the site without sending any mail)");
  }
  const requireEmailVerification =
    e.REQUIRE_EMAIL_VERIFICATION === undefined || e.REQUIRE_EMAIL_VERIFICATION === ""
      ? Boolean(e.SMTP_URL)
      : ["true", "1"].includes(e.REQUIRE_EMAIL_VERIFICATION);
  return {
    ...e,
    SITE_URL: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    requireEmailVerification,
    mailOff,
    // A mail that cannot go is written whole to the log only where someone is trying the site
    // out (not in production, or on the embedded database); in production on PostgreSQL never.
    logUnsentMail: !mailOff && (e.NODE_ENV !== "production" || !e.DATABASE_URL),
  };
}

export const BRAND = "Capsiva";

/** The values the browser may see. */
export function publicConfig(env: Env) {
  return {
    siteName: SITE_NAME,
    brand: BRAND,
    siteUrl: env.SITE_URL,
    storeUrl: env.STORE_URL,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    supportPhoneTel: env.SUPPORT_PHONE_TEL,
    postalAddress: env.POSTAL_ADDRESS,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;

/** The reviewer the operator named for the guides, or null: never a made-up one. */
export function guideReviewer(env: Env): { name: string; credentials: string | null } | null {
  return env.GUIDE_REVIEWER_NAME ? { name: env.GUIDE_REVIEWER_NAME, credentials: env.GUIDE_REVIEWER_CREDENTIALS ?? null } : null;
}

/** Every variable the configuration reads (the `.env.example` test checks it lists them all). */
export const ENV_NAMES = Object.keys(envSchema.shape);
