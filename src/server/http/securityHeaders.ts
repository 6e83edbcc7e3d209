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
import fs from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

type Directives = Record<string, string[]>;

/** The admin document's policy; `googleMaps` adds what the Maps JavaScript API documents it needs. */
function adminDirectives(googleMaps: boolean): Directives {
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
  const adminPolicy = adminDirectives(googleMaps);
  const docsPolicy = serialize(adminDirectives(false));
  const apiPolicy = serialize(API_DIRECTIVES);
  const uploadPolicy = serialize(UPLOAD_DIRECTIVES);

  // helmet's defaults on every answer, with the admin's policy (overridden below for the other kinds)
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: adminPolicy },
    frameguard: { action: 'deny' },
    // No Referer leaves the admin (its paths may hold a reset token). With a Maps key the origin alone is
    // sent, so a key restricted to the site's address keeps working.
    referrerPolicy: { policy: googleMaps ? 'strict-origin' : 'no-referrer' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    switch (kindOf(request)) {
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
  });

  // A built admin that ships its own robots.txt is served by the static files instead.
  if (!fs.existsSync(path.join(config.adminDist, 'robots.txt'))) {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
    );
  }
}
