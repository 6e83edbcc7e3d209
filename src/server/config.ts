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
  loginThrottle: { maxFailures: number; windowSeconds: number };
  logLevel: string;
  /** scrypt cost; OWASP's 2^17 by default (tests may lower it for speed). */
  passwordScryptN: number;
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
    },
    logLevel: env.LOG_LEVEL || 'warn',
    passwordScryptN: int(env.PASSWORD_SCRYPT_N, 2 ** 17),
  };
  return { ...config, ...overrides };
}
