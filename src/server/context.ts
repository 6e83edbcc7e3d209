// Everything a route module needs, built once by buildApp() and passed to each module.
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '@server/auth/passwords';
import type { Background } from './background';
import type { createGuard, Guard } from '@server/auth/guard';
import type { Throttle } from '@server/auth/throttle';
import type { SecretBox } from '@server/auth/secretBox';
import type { TokenService } from '@server/auth/tokens';
import type { Config } from './config';
import type { DialectName } from '@server/db/index';
import type { Database } from '@server/db/schema';
import type { Geocoder } from '@server/geo/types';
import type { AnswerCache } from '@server/http/answerCache';
import type { Mailer } from '@server/mail/mailer';
import type { Metrics } from '@server/ops/metrics';
import type { ImageStorage } from '@server/uploads/storage';
import type { LiveFeed } from '@server/modules/live/feed';

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
  /** staff changes and edit dialogs told to the open live streams (modules/live/); absent in scripts */
  live?: LiveFeed;
}
