// buildApp(config) -> a ready Fastify instance (tests call this; main.ts listens).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { createGuard } from '@server/auth/guard';
import { createPasswordHasher } from '@server/auth/passwords';
import { registerRightsHeader } from '@server/auth/rightsHeader';
import { createBackground } from './background';
import { createLoginThrottle } from '@server/auth/throttle';
import { createSecretBox } from '@server/auth/secretBox';
import { createTokenService } from '@server/auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, openDatabase } from '@server/db/index';
import type { DeclaredMigrations, DeclaredSnapshot } from '@server/db/declaredSteps';
import { migrateToLatest } from '@server/db/migrate';
import { DECLARED_MIGRATIONS, DECLARED_SNAPSHOT } from '@server/db/migrations/declared/index';
import { answerClientError } from '@server/http/clientError';
import { type HttpError, refusalOf } from '@server/http/errors';
import { registerAnswerCache } from '@server/http/answerCache';
import { addField, rejectNulBytes } from '@server/http/form';
import { envelope } from '@server/http/reply';
import { refuse, registerRequestIdHeader, requestIdOf } from '@server/http/requestId';
import { registerRequestOrigin } from '@server/http/requestContext';
import { registerSecurityHeaders } from '@server/http/securityHeaders';
import { answerOf } from '@server/http/answers';
import { registerApiDocs } from '@server/http/openapi';
import { zodValidatorCompiler } from '@server/http/zod';
import { createMailer } from '@server/mail/mailer';
import { loggerOptions, secretsOf } from '@server/ops/logging';
import { createMetrics, registerHttpMetrics } from '@server/ops/metrics';
import { metricsRoutes } from '@server/ops/metricsRoute';
import { registerDraining } from '@server/ops/shutdown';
import { authRoutes } from '@server/modules/auth/routes';
import { sessionRoutes } from '@server/modules/auth/sessionRoutes';
import { twoFactorRoutes } from '@server/modules/twoFactor/routes';
import { createGazetteer } from '@server/geo/gazetteer';
import { createGoogleGeocoder } from '@server/geo/google';
import { categoryServerPart } from '@server/modules/categories/serverPart';
import { geoRoutes } from '@server/modules/geo/routes';
import { placeRoutes } from '@server/modules/places/routes';
import { postRoutes } from '@server/modules/posts/routes';
import { reportRoutes } from '@server/modules/reports/routes';
import { moderationRoutes } from '@server/modules/moderation/routes';
import { trashRoutes } from '@server/modules/trash/routes';
import { moderationDecisions } from '@server/modules/moderation/decideRoutes';
import { spotRoutes } from '@server/modules/spots/routes';
import { suggestRoutes } from '@server/modules/suggest/routes';
import { auditRoutes } from '@server/modules/audit/routes';
import { viewRoutes } from '@server/modules/views/routes';
import { registerExportTrail } from '@server/modules/audit/exportTrail';
import { registerRefusalTrail } from '@server/modules/audit/refusals';
import { scheduleTrailPruning } from '@server/modules/audit/retention';
import { emailTemplateRoutes, emailTemplateServerPart } from '@server/modules/emailTemplates/routes';
import { reportCategoryServerPart } from '@server/modules/reportCategories/serverPart';
import { tagServerPart } from '@server/modules/tags/serverPart';
import { dashboardRoutes } from '@server/modules/dashboard/routes';
import { declaredRoutes } from '@server/modules/declared/routes';
import { importRoutes } from '@server/modules/import/routes';
import { importTargets } from '@server/modules/import/targets';
import type { DeclaredServerPart } from '@server/modules/declared/serverPart';
import { refuseUnmigrated } from '@server/modules/declared/plan';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { userRoutes } from '@server/modules/users/routes';
import { createLiveFeed } from '@server/modules/live/feed';
import { liveRoutes } from '@server/modules/live/routes';
import { bulkRoutes } from '@server/modules/bulk/routes';
import { bootstrap } from '@server/seed/bootstrap';
import { createImages } from '@server/uploads/serve';

/** What only the server knows of a declared resource, from its module (modules/declared/serverPart.ts). */
const SERVER_PARTS: Readonly<Record<string, DeclaredServerPart>> = {
  category: categoryServerPart,
  tag: tagServerPart,
  reportCategories: reportCategoryServerPart,
  emailtemplate: emailTemplateServerPart,
  contentmanagement: { tag: 'content pages' },
};

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR (set JWT_SECRET when running replicas). */
function jwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Db;
}

export interface BuildOptions {
  database?: Db;
  logger?: boolean;
  /** where the log lines go instead of stdout (the tests read them) */
  logStream?: { write(line: string): void };
  /** the registry the server answers (the tests add a throwaway resource to it) */
  resources?: readonly ResourceDeclaration[];
  /** the generated migrations of its declared tables and the tables they make (the tests': their resources') */
  declared?: { migrations: DeclaredMigrations; snapshot: DeclaredSnapshot };
}

/**
 * Opens the database, migrates (refusing declared tables whose migration was not generated), bootstraps
 * roles/permissions/templates/Admin and registers every route.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const plainResources = (opts.resources ?? (RESOURCES as readonly ResourceDeclaration[])).filter((r) => r.storage);
  // a declared table is made and changed by its generated migrations only (scripts/declared-migrations.ts)
  const declared = opts.declared ?? { migrations: DECLARED_MIGRATIONS, snapshot: DECLARED_SNAPSHOT };
  refuseUnmigrated(declared.snapshot, plainResources);
  await migrateToLatest(database, declared.migrations);
  await bootstrap(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    scryptN: config.passwordScryptN,
  });

  const app = Fastify({
    // request URLs without their query values or token paths, every line scrubbed of secrets (ops/logging.ts)
    logger: opts.logger === false ? false : loggerOptions({ level: config.logLevel, stream: opts.logStream, secrets: secretsOf(config) }),
    // the caller's X-Request-Id when safe, else a UUID: in every log line of the request (reqId) and its answer
    genReqId: requestIdOf,
    // on close, idle kept-alive connections are closed at once and requests in flight finish
    // (ops/shutdown.ts); one arriving meanwhile on an open connection is answered, not refused with a 503
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (else anyone could pick an address)
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Fastify's own refusals before routing (a malformed URL, an over-long path parameter) in the envelope too
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void refuse(request, reply as unknown as FastifyReply, status, error.message);
    },
    // …and a request Node's HTTP parser cannot read (before Fastify sees it) as well
    clientErrorHandler: answerClientError,
  });
  registerRequestIdHeader(app);
  registerRequestOrigin(app);
  registerDraining(app);
  const metrics = createMetrics({ dialect: database.dialect, connections: database.connections });
  registerHttpMetrics(app, metrics);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.addHook('preValidation', rejectNulBytes);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const fields: Record<string, unknown> = {};
    for (const [k, val] of new URLSearchParams(String(body))) addField(fields, k, val);
    done(null, fields);
  });
  await app.register(fastifyMultipart, { limits: { files: 20, fields: 200 } });
  await registerSecurityHeaders(app, config);

  const secret = jwtSecret(config);
  const tokens = createTokenService(database.db, {
    secret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    session: config.session,
  });
  const { authenticate, guard, requireAccess } = createGuard(database.db, tokens, { onWrite: database.onWrite });
  const images = await createImages(config);
  const live = createLiveFeed();
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    tokens,
    authenticate,
    guard,
    requireAccess,
    throttle: createLoginThrottle(
      database.db,
      { ...config.loginThrottle, registerMaxPerWindow: config.registerMaxPerWindow },
      { onFailedLogin: metrics.loginFailed },
    ),
    secrets: createSecretBox(secret, 'two-factor keys'),
    passwords: createPasswordHasher({ scryptN: config.passwordScryptN, ...config.passwordHashing }),
    background: createBackground(app.log),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      ownOrigin: config.publicUrl,
      log: app.log,
      onSend: metrics.mailSent,
    }),
    storage: images.storage,
    geo: config.googleMapsApiKey ? createGoogleGeocoder(config.googleMapsApiKey) : createGazetteer(),
    answerCache: registerAnswerCache(app, database.onWrite, config.listCacheMs),
    metrics,
    live,
  };

  registerExportTrail(app, ctx);
  registerRightsHeader(app);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal) {
      for (const [k, val] of Object.entries(refusal.headers)) reply.header(k, val);
      return refuse(request, reply, refusal.statusCode, refusal.message, refusal.data);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return refuse(request, reply, 500, 'Something went wrong. Please try again.');
    }
    // Fastify's own 4xx (malformed JSON, too large, unsupported media type): keep its status, short message.
    return refuse(request, reply, status, error.message);
  });

  registerRefusalTrail(app, ctx);
  scheduleTrailPruning(app, ctx);
  await registerApiDocs(app);

  app.get('/api/health', { schema: { tags: ['health'], response: { 200: answerOf(z.object({ status: z.literal('ok') })) } } }, async (_req, reply) => {
    await database.db.selectFrom('roles').select('id').limit(1).execute();
    return reply.send(envelope(200, 'OK', { status: 'ok' }));
  });
  await metricsRoutes(app, ctx);
  await authRoutes(app, ctx);
  await sessionRoutes(app, ctx);
  await twoFactorRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await userRoutes(app, ctx);
  await emailTemplateRoutes(app, ctx);
  await geoRoutes(app, ctx);
  await spotRoutes(app, ctx);
  await postRoutes(app, ctx);
  await reportRoutes(app, ctx);
  await moderationRoutes(app, ctx);
  await trashRoutes(app, ctx);
  await moderationDecisions(app, ctx);
  await placeRoutes(app, ctx);
  await suggestRoutes(app, ctx);
  await viewRoutes(app, ctx);
  for (const resource of plainResources) await declaredRoutes(app, ctx, resource, { part: SERVER_PARTS[resource.name], registry: plainResources });
  await importRoutes(app, ctx, importTargets(ctx, opts.resources ?? (RESOURCES as readonly ResourceDeclaration[]), SERVER_PARTS));
  await auditRoutes(app, ctx, opts.resources ?? (RESOURCES as readonly ResourceDeclaration[]));
  await liveRoutes(app, ctx, live, database.onWrite);
  await bulkRoutes(app, ctx, opts.resources ?? (RESOURCES as readonly ResourceDeclaration[]), SERVER_PARTS);

  // Uploaded images: from DATA_DIR/uploads or an S3-compatible store (uploads/serve.ts).
  await images.serve(app);

  // The built admin; every other non-API GET answers index.html (browser-history routes).
  const hasAdmin = fs.existsSync(path.join(config.adminDist, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br and .gz beside each file: sent as they are to a browser that accepts them
      preCompressed: true,
      cacheControl: false,
      // content-hashed names under /assets never change: kept for a year; anything else is revalidated
      setHeaders: (res, file) =>
        res.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (request.method === 'GET' && hasAdmin && !url.startsWith('/api/') && !url.startsWith('/uploads/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.adminDist);
    }
    return refuse(request, reply, 404, 'Not found');
  });

  app.addHook('onClose', async () => {
    await ctx.background.drain();
    if (!opts.database) await database.close();
  });
  return { app, ctx, database };
}
