// Browser-side defences: the headers every answer carries (README "Security").
//
// Four kinds of answer, told apart by the matched route (so a percent-encoded path cannot slip into
// another kind) or, for the not-found handler, by the path:
// - the admin (index.html for every non-API GET, and its /assets): a Content-Security-Policy that lets
//   only the product's own files run (no inline script, no eval), plus Google Maps when a key is set;
// - the API (/api/*): JSON that must never be rendered as a page nor cached (it carries personal data
//   and tokens): `default-src 'none'` and `Cache-Control: no-store`;
// - the Swagger UI (/api/docs): the admin's policy without Google (its scripts are its own files);
// - uploaded files (/uploads/*): images that can never run as a page, even a GIF+HTML polyglot
//   (nosniff, `default-src 'none'`, `sandbox`).
// Every answer also gets helmet's defaults (nosniff, X-Frame-Options, HSTS, COOP, ...) and
// `X-Robots-Tag: noindex, nofollow`; /robots.txt disallows everything (a back office is not for search engines).
//
// helmet's headers depend on the configuration only, so they are worked out once at start (helmet run
// against a stand-in response) and each answer gets the same list: running helmet's middlewares on every
// request cost a fifth of a small answer's time.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { Config } from '@server/config';
import { s3PublicOrigin } from '@server/uploads/serve';

type HelmetMiddleware = (req: unknown, res: HeaderSink, next: (err?: unknown) => void) => void;
type HeaderValue = string | number | readonly string[];
interface HeaderSink {
  setHeader(name: string, value: HeaderValue): void;
  removeHeader(name: string): void;
}
// helmet itself, the copy @fastify/helmet brings (its Fastify plugin ran the middlewares per request)
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve('@fastify/helmet'))('helmet') as (options: Readonly<HelmetOptions>) => HelmetMiddleware;

/** The headers helmet sets with `options`, as [name, value] in its order (names spelt as helmet spells them). */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, HeaderValue][] {
  const headers: [string, HeaderValue][] = [];
  const at = (name: string) => headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  const sink: HeaderSink = {
    setHeader(name, value) {
      const i = at(name);
      if (i >= 0) headers[i] = [name, value];
      else headers.push([name, value]);
    },
    // X-Powered-By: nothing sets it before the onRequest hook, so there is nothing to remove per answer
    removeHeader(name) {
      const i = at(name);
      if (i >= 0) headers.splice(i, 1);
    },
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({}, sink, (err) => {
    failure = err;
    finished = true;
  });
  if (failure) throw failure;
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

type Directives = Record<string, string[]>;

/**
 * The admin document's policy; `googleMaps` adds what the Maps JavaScript API documents it needs,
 * `imageOrigins` where /uploads/ redirects images to (an S3 store's signed URLs).
 */
function adminDirectives(googleMaps: boolean, imageOrigins: readonly string[] = []): Directives {
  const google = (...sources: string[]) => (googleMaps ? sources : []);
  return {
    'default-src': ["'self'"],
    // Only the bundle Vite built (dist/index.html has no inline script; a test checks it): no
    // 'unsafe-inline', no 'unsafe-eval', so markup injected into the page cannot run script.
    'script-src': ["'self'", ...google('https://maps.googleapis.com', 'https://maps.gstatic.com')],
    'script-src-attr': ["'none'"],
    // MUI styles through emotion, which inserts <style> elements at run time (and the rich-text editor
    // sets style attributes): inline styles have to be allowed. Styles cannot run script.
    'style-src': ["'self'", "'unsafe-inline'", ...google('https://fonts.googleapis.com')],
    // data: for the favicon and MUI's icons, blob: for the previews of picked pictures.
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...imageOrigins,
      ...google('https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'),
    ],
    'font-src': ["'self'", 'data:', ...google('https://fonts.gstatic.com')],
    'connect-src': ["'self'", ...google('https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com')],
    ...(googleMaps ? { 'worker-src': ["'self'", 'blob:'], 'frame-src': ["'self'", 'https://*.google.com'] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const API_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** An uploaded file opened on its own shows the image and nothing else: no script, no plugin, no form. */
const UPLOAD_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  sandbox: [],
};

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

type Kind = 'admin' | 'api' | 'docs' | 'docs-static' | 'upload';

function kindOf(request: FastifyRequest): Kind {
  // the route pattern when one matched (decoded by the router), else the path the not-found handler sees
  const url = request.routeOptions.url ?? request.url.split('?')[0];
  if (under(url, '/api/docs/static')) return 'docs-static';
  if (under(url, '/api/docs')) return 'docs';
  if (under(url, '/api')) return 'api';
  if (under(url, '/uploads')) return 'upload';
  return 'admin';
}

/** Registers the security headers on every answer and /robots.txt; call it before any route. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const googleMaps = Boolean(config.googleMapsApiKey);
  const adminPolicy = adminDirectives(googleMaps, config.s3?.serve === 'redirect' ? [s3PublicOrigin(config.s3)] : []);
  const docsPolicy = serialize(adminDirectives(false));
  const apiPolicy = serialize(API_DIRECTIVES);
  const uploadPolicy = serialize(UPLOAD_DIRECTIVES);

  // helmet's defaults on every answer, with the admin's policy (overridden below for the other kinds)
  const helmetSet = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: adminPolicy },
    frameguard: { action: 'deny' },
    // No Referer leaves the admin (its paths may hold a reset token). With a Maps key the origin alone is
    // sent, so a key restricted to the site's address keeps working.
    referrerPolicy: { policy: googleMaps ? 'strict-origin' : 'no-referrer' },
  });
  // the route's kind, once per route pattern (the not-found handler's paths are not kept: anyone picks them)
  const kindOfRoute = new Map<string, Kind>();

  app.addHook('onRequest', (request, reply, done) => {
    // on the response itself, as helmet set them (the answer's own headers, below and in the
    // handlers, come after them and may replace them)
    const res = reply.raw;
    for (let i = 0; i < helmetSet.length; i++) res.setHeader(helmetSet[i][0], helmetSet[i][1]);
    reply.header('x-robots-tag', 'noindex, nofollow');
    const route = request.routeOptions.url;
    let kind = route === undefined ? undefined : kindOfRoute.get(route);
    if (kind === undefined) {
      kind = kindOf(request);
      if (route !== undefined) kindOfRoute.set(route, kind);
    }
    switch (kind) {
      case 'api':
        reply.header('content-security-policy', apiPolicy);
        reply.header('cache-control', 'no-store');
        break;
      case 'docs':
        reply.header('content-security-policy', docsPolicy);
        reply.header('cache-control', 'no-store');
        break;
      case 'docs-static':
        reply.header('content-security-policy', docsPolicy);
        break;
      case 'upload':
        reply.header('content-security-policy', uploadPolicy);
        // public, unauthenticated images by design: other sites (mail clients, a public site) may show them
        reply.header('cross-origin-resource-policy', 'cross-origin');
        break;
      case 'admin':
        break;
    }
    done();
  });

  // A built admin that ships its own robots.txt is served by the static files instead.
  if (!fs.existsSync(path.join(config.adminDist, 'robots.txt'))) {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
    );
  }
}
