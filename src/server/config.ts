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
}

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
    trustProxy: trustProxy(env.TRUST_PROXY),
    passwordHashing: {
      concurrency: Math.max(1, int(env.PASSWORD_HASH_CONCURRENCY, 2)),
      queue: Math.max(0, int(env.PASSWORD_HASH_QUEUE, 64)),
    },
    logLevel: env.LOG_LEVEL || 'warn',
    passwordScryptN: int(env.PASSWORD_SCRYPT_N, 2 ** 17),
  };
  return { ...config, ...overrides };
}
