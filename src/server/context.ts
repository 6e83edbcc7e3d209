// Everything a route module needs, built once by buildApp() and passed to each module.
import type { Kysely } from 'kysely';
import type { PasswordHasher } from './auth/passwords';
import type { Background } from './background';
import type { createGuard, Guard } from './auth/guard';
import type { Throttle } from './auth/throttle';
import type { SecretBox } from './auth/secretBox';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { DialectName } from './db/index';
import type { Database } from './db/schema';
import type { Geocoder } from './geo/types';
import type { AnswerCache } from './http/answerCache';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './ops/metrics';
import type { ImageStorage } from './uploads/storage';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  tokens: TokenService;
  authenticate: ReturnType<typeof createGuard>['authenticate'];
  guard: Guard;
  requireAccess: ReturnType<typeof createGuard>['requireAccess'];
  throttle: Throttle;
  /** seals the secrets the server reads back (two-factor keys) under a key derived from the JWT secret */
  secrets: SecretBox;
  /** password hashing on the request path, bounded (auth/passwords.ts) */
  passwords: PasswordHasher;
  /** work done after the answer (mails) */
  background: Background;
  mailer: Mailer;
  storage: ImageStorage;
  /** address autocomplete and geocoding: the offline gazetteer, or Google with a key */
  geo: Geocoder;
  /** list answers kept for a moment (routes opt in with `config: { answerCache: true }`) */
  answerCache: AnswerCache;
  /** the registry GET /api/metrics reports (ops/metrics.ts) */
  metrics: Metrics;
}
