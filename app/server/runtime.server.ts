// Everything a request needs, created once at start-up: configuration, database, auth,
// mailer and logger. Tests build their own with `createRuntime`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { createAuth, type Auth } from "~/server/accounts/auth.server";
import { EMBEDDED_TEMPLATE_FILE, isDatabaseUnavailable, openDatabase, type Database, type Db } from "~/server/infra/db.server";
import { ConfigError, parseEnv, type Env } from "~/server/infra/env.server";
import { createLogger, type Logger } from "~/server/infra/log.server";
import { createMailer, type Mailer } from "~/server/infra/mail.server";
import { createFreshness, type Freshness } from "~/server/infra/freshness.server";
import { createChanges, type Changes } from "~/server/infra/change-events.server";
import { createLiveHub, type LiveHub } from "~/server/infra/live.server";
import { tag } from "~/server/infra/change-tags.server";
import { createRateLimiter, type RateLimiter } from "~/server/infra/rate-limit.server";
import { isDatabaseEmpty, seedDemoContent } from "./seed.server";
import { indexGuides } from "~/server/guides/guide-pages.server";
import { createReadCache, type ReadCache } from "~/server/infra/cache/read-cache.server";
import { createDependencyTracker, type DependencyTracker } from "~/server/infra/cache/tags.server";
import { createUnreadCache, type UnreadCache } from "~/server/infra/cache/unread-cache.server";
import { createViewerCache, type ViewerCache } from "~/server/infra/cache/viewer-cache.server";
import { unreadCount } from "~/server/notifications/inbox.server";
import { countWaiting, type WaitingKind } from "~/server/moderation/waiting.server";
import { createMailOutbox, type MailOutbox } from "~/server/notifications/email/outbox.server";
import { createUnsubscribeTokens, type UnsubscribeTokens } from "~/server/notifications/email/unsubscribe-token.server";
import { refreshStoredHtml } from "~/server/infra/stored-html.server";
import { countDrafts, pruneDrafts } from "~/server/drafts/draft-store.server";
import { retry } from "~/server/infra/retry.server";

export interface Runtime {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  limiter: RateLimiter;
  /** Hearing of changes (here and from other instances) and the clock every cache asks (freshness.server.ts). */
  freshness: Freshness;
  /** Writes in a transaction that records what they changed (change-events.server.ts). */
  changes: Changes;
  /** Who each session cookie belongs to, for half a minute (viewer-cache.server.ts). */
  viewers: ViewerCache;
  /** What each render and shared read depends on, as it runs (cache/tags.server.ts). */
  deps: DependencyTracker;
  /** Public pages' data until what it shows changes, shared by every render (read-cache.server.ts). */
  reads: ReadCache;
  /** Each member's unread notifications count until their inbox changes (unread-cache.server.ts). */
  unread: UnreadCache;
  /** What waits for moderators and editors, by kind, until the review tag changes (waiting.server.ts). */
  waiting: UnreadCache;
  /** How many drafts each member has, until one is begun or ends (drafts.server.ts). */
  draftCount: UnreadCache;
  /** Notification mails waiting in PostgreSQL, and this process's sender (email/outbox.server.ts). */
  mailOutbox: MailOutbox;
  /** Signs and checks the one-click unsubscribe links in notification mails. */
  unsubscribeTokens: UnsubscribeTokens;
  /** The open live-update streams of this process, fed from the same events as the caches (live.server.ts). */
  live: LiveHub;
  /** Set when the process begins to stop: readiness answers 503 from then on. */
  lifecycle: { stopping: boolean };
}

/** Builds a runtime around an open database (used by the server and by tests). */
export function createRuntime(options: { env: Env; database: Database; log?: Logger; secret?: string; mailer?: Mailer }): Runtime {
  const { env, database } = options;
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log, logUnsent: env.logUnsentMail });
  const secret = options.secret ?? env.BETTER_AUTH_SECRET ?? crypto.randomBytes(32).toString("hex");
  const freshness = createFreshness({ databaseUrl: env.DATABASE_URL, pool: database.pool, log, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000 });
  const changes = createChanges({ db: database.db, pool: database.pool, instance: freshness.instance, apply: freshness.apply });
  // Every cache asks the one clock whether what it holds is current; nothing else clears them.
  const { clock } = freshness;
  const deps = createDependencyTracker();
  database.queries.onQuery = deps.noteQuery;
  const viewers = createViewerCache(clock, (memberId) => [tag.account(memberId), tag.sessions]);
  const unsubscribeTokens = createUnsubscribeTokens(secret);
  const mailOutbox = createMailOutbox({
    db: database.db,
    mailer,
    log,
    tokens: unsubscribeTokens,
    siteUrl: env.SITE_URL,
    gatherSeconds: env.MAIL_GATHER_SECONDS,
    digestHour: env.MAIL_DIGEST_HOUR,
    pollSeconds: env.MAIL_POLL_SECONDS,
    retrySeconds: env.MAIL_RETRY_SECONDS,
    maxRetrySeconds: env.MAIL_RETRY_MAX_SECONDS,
  });
  // A write anywhere that stored mails wakes every sender (one of them claims each mail).
  freshness.onChange((heard) => (heard === "all" || heard.tags.includes(tag.mail)) && mailOutbox.wake());
  // Open pages hear of every change applied here, local or from another instance.
  const live = createLiveHub(changes);
  freshness.onChange((heard) => live.hear(heard));
  const limiter = createRateLimiter({ enabled: env.RATE_LIMITS, pool: database.pool });
  const auth = createAuth({
    db: database.db,
    env,
    secret,
    log,
    limiter,
    changes,
    ping: () => database.ping(),
    onMail: () => mailOutbox.wake(),
  });
  return {
    env,
    database,
    db: database.db,
    auth,
    mailer,
    log,
    limiter,
    freshness,
    changes,
    viewers,
    deps,
    reads: createReadCache(clock, deps, { enabled: env.PAGE_CACHE }),
    unread: createUnreadCache(clock, tag.inbox, (memberId) => unreadCount(database.db, memberId)),
    waiting: createUnreadCache(
      clock,
      () => tag.review,
      (kind) => countWaiting(database.db, kind as WaitingKind),
    ),
    // The same kind of per-member count: how many drafts a member has, so that a page they open
    // reads a draft only when there may be one. Only the count is kept, never a draft's text.
    draftCount: createUnreadCache(clock, tag.drafts, (memberId) => countDrafts(database.db, memberId)),
    mailOutbox,
    unsubscribeTokens,
    live,
    lifecycle: { stopping: false },
  };
}

/** Opens the configured database, applies migrations, seeds a new embedded database. */
export async function openRuntime(source: Record<string, string | undefined> = process.env): Promise<Runtime> {
  const env = parseEnv(source);
  const log = createLogger(env.LOG_LEVEL);
  const embedded = !env.DATABASE_URL;
  // Instances sharing one PostgreSQL database must share one secret: with a secret each made up
  // for itself, a cookie or token signed by one is refused by the others.
  if (!embedded && !env.BETTER_AUTH_SECRET) {
    throw new ConfigError(
      "BETTER_AUTH_SECRET is not set. With DATABASE_URL, set BETTER_AUTH_SECRET to the same random value " +
        "of at least 32 characters on every instance (for example the output of `openssl rand -hex 32`).",
    );
  }
  // Production on PostgreSQL is a real site: without mail, members cannot reset a forgotten
  // password or confirm their address, and a log is no place for their links. The operator
  // either gives it SMTP or says that mail is off.
  if (!embedded && env.NODE_ENV === "production" && !env.SMTP_URL && !env.mailOff) {
    throw new ConfigError(
      "SMTP_URL is not set. A production instance on PostgreSQL sends password-reset, confirmation and notification mails: set SMTP_URL " +
        "(an smtp:// or smtps:// address of your mail server, with its user and password), or set MAIL=off to run without mail (members then cannot reset a forgotten password themselves).",
    );
  }
  const database = await openDatabase(env.DATABASE_URL ?? path.join(env.DATA_DIR, "pglite"), {
    poolMax: env.DATABASE_POOL_MAX,
    template: path.resolve(source.BUILD_DIR ?? "build", "server", EMBEDDED_TEMPLATE_FILE),
    timeouts: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      lockMs: env.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
      connectMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    },
  });
  try {
    // Instances starting together on one PostgreSQL database take turns: the first migrates, the
    // others find the migrations applied and the guide index current. A database that cannot be
    // reached yet (a reboot where it comes up later) is waited for rather than given up on.
    await untilReachable(log, env.DATABASE_START_RETRY_MAX_SECONDS, () =>
      database.withStartupLock(async () => {
        await database.migrate();
        if (embedded && env.SEED && (await isDatabaseEmpty(database.db))) {
          await seedDemoContent(database.db);
          log.info("seeded the new embedded database with demo content (SEED=false opts out)");
        }
        await indexGuides(database.db);
      }),
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  const secret = env.BETTER_AUTH_SECRET ?? readOrCreateSecret(env.DATA_DIR, log);
  // Said once per process (by its first serving thread): without SMTP, no mail goes out, and on
  // the embedded database live links are in the log.
  if (!env.SMTP_URL && env.NODE_ENV === "production" && threadId <= 1) {
    log.warn(
      env.logUnsentMail
        ? "SMTP_URL is not set: no mail is sent, and password-reset, confirmation and unsubscribe links are written to this log instead"
        : "MAIL=off: no mail is sent; a mail that cannot go is logged by its id only",
    );
  }
  log.info({ database: database.kind }, "database ready");
  const runtime = createRuntime({ env, database, log, secret });
  try {
    await untilReachable(log, env.DATABASE_START_RETRY_MAX_SECONDS, () => runtime.freshness.start());
    runtime.mailOutbox.start();
    // Change events are kept an hour for live pages that reconnect; every instance prunes now and then.
    setInterval(() => void runtime.changes.prune().catch(() => {}), 5 * 60_000).unref();
    // Drafts nobody saved for 90 days go (drafts.server.ts); hourly is often enough for days.
    setInterval(() => void pruneDrafts(database.db).catch(() => {}), 60 * 60_000).unref();
    // Posts saved before the current Markdown renderer get their stored HTML once, in the background.
    void refreshStoredHtml(database.db, log).catch((error: unknown) =>
      log.warn({ err: error }, "rendering stored post HTML failed; pages render those posts until the next start"),
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  return runtime;
}

/**
 * Runs `work` until it gets through, as long as what stops it is an unreachable database: waits
 * double from a quarter second up to `maxSeconds`, each try logged. Any other failure is thrown.
 */
function untilReachable<T>(log: Logger, maxSeconds: number, work: () => Promise<T>): Promise<T> {
  return retry(work, {
    firstMs: 250,
    maxMs: maxSeconds * 1000,
    retryIf(error, attempt, waitMs) {
      if (!isDatabaseUnavailable(error)) return false;
      log.warn({ attempt, retryInSeconds: waitMs / 1000, err: error }, "waiting for the database: it cannot be reached yet");
      return true;
    },
  });
}

/** Without BETTER_AUTH_SECRET a random secret is created once and kept in the data folder. */
function readOrCreateSecret(dataDir: string, log: Logger) {
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    log.warn({ file }, "BETTER_AUTH_SECRET is not set: created a random secret in the data folder");
    return secret;
  }
}
