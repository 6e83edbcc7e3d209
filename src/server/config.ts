// Environment -> typed configuration. Every variable is documented in README.md.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** undefined = embedded SQLite file in dataDir; otherwise a postgres:// URL. */
  databaseUrl?: string;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl?: string;
  jwtSecret?: string;
  googleMapsApiKey?: string;
  /** Public address used in mails (reset links). */
  publicUrl: string;
  /** Folder with the built admin (index.html + assets); absent folder = API only. */
  adminDist: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * A session (a sign-in and its refreshes) ends this long after it started, whatever its rotations
   * (SESSION_MAX_AGE_SECONDS), and after this long unused (SESSION_IDLE_SECONDS).
   */
  session: { maxAgeSeconds: number; idleSeconds: number };
  resetTokenTtlSeconds: number;
  /**
   * Failed sign-ins allowed in the window: per (account, address) pair, per address over all accounts, and
   * per account from anywhere (slower, so nobody can lock the owner out from one place; a password reset
   * by mail clears it).
   */
  loginThrottle: { maxFailures: number; windowSeconds: number; maxFailuresPerIp: number; maxFailuresPerAccount: number };
  /** Registrations accepted per address in the login window. */
  registerMaxPerWindow: number;
  /** Seconds an already rotated refresh token may still be presented (two tabs, a page unloading). */
  refreshReuseGraceSeconds: number;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs, comma-separated, or a
   * number of hops); false: the socket's address is the client's.
   */
  trustProxy: false | string | number;
  /** Password hashes computed at once (each scrypt takes 128 MB and a thread) and how many may wait. */
  passwordHashing: { concurrency: number; queue: number };
  logLevel: string;
  /** scrypt cost; OWASP's 2^17 by default (tests may lower it for speed). */
  passwordScryptN: number;
  /** Milliseconds a list answer is kept for the caller who asked it (http/answerCache.ts); 0 keeps none. */
  listCacheMs: number;
  /** Days an audit entry is kept (AUDIT_RETENTION_DAYS); 0 keeps them forever. */
  auditRetentionDays: number;
  /** The moderation desk: minutes a claim on a case lasts untouched; the priority above which a new case is an alert. */
  moderation: { claimIdleMinutes: number; alertPriority: number };
  /** Days a moderation decision's mailed appeal link works (MODERATION_APPEAL_DAYS). */
  moderationAppealDays: number;
  /** Images in an S3-compatible store (S3_BUCKET set); undefined: on the local disk, DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Bearer token GET /api/metrics asks for; unset: the metrics are answered to loopback callers only. */
  metricsToken?: string;
  /** Milliseconds a SIGTERM/SIGINT waits for requests in flight and background work before exiting 1. */
  shutdownTimeoutMs: number;
  /**
   * An OpenAI-compatible chat-completions server that plans AI itineraries among the engine's spots
   * (suggest/llm.ts), set by LLM_BASE_URL; unset: the offline engine plans them. Read at each request.
   */
  llm?: LlmSettings;
}

/** An S3-compatible image store (uploads/s3.ts); credentials come from the AWS SDK's usual chain. */
export interface S3Settings {
  bucket: string;
  /** another S3-compatible store (MinIO, Ceph, R2, s3rver…); undefined: AWS itself */
  endpoint?: string;
  region: string;
  /** bucket in the path (http://host/bucket/key), as most stores other than AWS want */
  forcePathStyle: boolean;
  /** prepended to every key: '' or ending in '/' */
  prefix: string;
  /** /uploads/… answered by a 302 to a signed URL of the store, or by streaming the object through the API */
  serve: 'redirect' | 'stream';
  /** seconds a signed URL stays valid, at least */
  urlTtlSeconds: number;
}

export interface LlmSettings {
  /** up to the API's version, without the trailing slash ("https://api.openai.com/v1") */
  baseUrl: string;
  /** sent as a Bearer token to baseUrl only, never logged */
  apiKey?: string;
  model: string;
  timeoutMs: number;
}
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_PASSWORD = 'Admin@123';
export const DEFAULT_DEMO_PASSWORD = 'Demo@1234';

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
}

/** A number that may have decimals (a priority). */
function num(value: string | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : fallback;
}

/** S3_* variables: undefined unless S3_BUCKET is set. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const serve = (env.S3_SERVE?.trim() || 'redirect').toLowerCase();
  if (serve !== 'redirect' && serve !== 'stream') throw new Error(`S3_SERVE must be "redirect" or "stream" (got "${env.S3_SERVE}")`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(endpoint)),
    prefix: prefix ? `${prefix}/` : '',
    serve,
    urlTtlSeconds: Math.max(1, int(env.S3_URL_TTL, 300)),
  };
}

/** TRUST_PROXY: unset or empty = trust nobody; a whole number = that many hops; else addresses/CIDRs. */
function trustProxy(value: string | undefined): false | string | number {
  const text = (value ?? '').trim();
  if (!text || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  const config: Config = {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    seedDemo: flag(env.SEED_DEMO, true),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    adminDist: path.resolve(env.ADMIN_DIST || './dist'),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    session: {
      maxAgeSeconds: Math.max(0, int(env.SESSION_MAX_AGE_SECONDS, 30 * 24 * 3600)),
      // a day's work with its breaks never reaches it; a session left overnight ends
      idleSeconds: Math.max(0, int(env.SESSION_IDLE_SECONDS, 12 * 3600)),
    },
    resetTokenTtlSeconds: int(env.RESET_TOKEN_TTL, 60 * 60),
    loginThrottle: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 10),
      windowSeconds: int(env.LOGIN_WINDOW_SECONDS, 15 * 60),
      maxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 50),
      maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 100),
    },
    registerMaxPerWindow: int(env.REGISTER_MAX_PER_WINDOW, 5),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE_SECONDS, 30),
    listCacheMs: Math.max(0, int(env.LIST_CACHE_MS, 1000)),
    auditRetentionDays: Math.max(0, int(env.AUDIT_RETENTION_DAYS, 365)),
    moderation: {
      claimIdleMinutes: Math.max(1, int(env.MODERATION_CLAIM_IDLE_MINUTES, 30)),
      alertPriority: Math.max(0, num(env.MODERATION_ALERT_PRIORITY, 5)),
    },
    moderationAppealDays: Math.max(1, int(env.MODERATION_APPEAL_DAYS, 20)),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: Math.max(0, int(env.SHUTDOWN_TIMEOUT_MS, 10_000)),
    trustProxy: trustProxy(env.TRUST_PROXY),
    passwordHashing: {
      concurrency: Math.max(1, int(env.PASSWORD_HASH_CONCURRENCY, 2)),
      queue: Math.max(0, int(env.PASSWORD_HASH_QUEUE, 64)),
    },
    logLevel: env.LOG_LEVEL || 'warn',
    passwordScryptN: int(env.PASSWORD_SCRYPT_N, 2 ** 17),
    s3: s3Settings(env),
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL || DEFAULT_LLM_MODEL,
          timeoutMs: Math.max(1, int(env.LLM_TIMEOUT_MS, 15_000)),
        }
      : undefined,
  };
  return { ...config, ...overrides };
}
