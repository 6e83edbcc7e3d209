// Browser-side defences (src/server/http/securityHeaders.ts): the headers on the admin's pages and
// assets, the API, the Swagger UI, uploaded files and /robots.txt, and the policy with a Maps key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

/** A Content-Security-Policy header as { directive: [sources] }. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

/** <script> elements without a src (inline code) in an HTML text. */
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1]));

function makeAdminDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index.js'), 'console.log("admin");\n');
  return dir;
}

function expectCommon(res: { headers: Record<string, unknown> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

function expectAdminPolicy(header: string | string[] | number | undefined) {
  const policy = csp(header);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['script-src-attr']).toEqual(["'none'"]);
  expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(String(header)).not.toMatch(/unsafe-eval|google/);
  return policy;
}

describe('security headers', () => {
  let t: TestApp;
  let adminDist: string;
  beforeAll(async () => {
    adminDist = makeAdminDist();
    t = await startTestApp('sqlite', { adminDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  it('puts a script-src self policy on the admin page served for a browser route', async () => {
    const res = await t.app.inject('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectCommon(res);
    expectAdminPolicy(res.headers['content-security-policy']);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('puts the same headers on the static assets', async () => {
    const res = await t.app.inject('/assets/index.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expectCommon(res);
    expectAdminPolicy(res.headers['content-security-policy']);
  });

  it('has no inline script in the admin page template (and in the build, when there is one)', () => {
    expect(inlineScripts(fs.readFileSync('index.html', 'utf8'))).toEqual([]);
    const built = path.resolve('dist/index.html');
    if (fs.existsSync(built)) expect(inlineScripts(fs.readFileSync(built, 'utf8'))).toEqual([]);
  });

  it('marks an anonymous API answer nosniff, noindex, no-store and never a page', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject(url);
      expectCommon(res);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(csp(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: 'wrong-one', is_web: '1' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expectCommon(refused);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('never lets an authenticated API answer be stored', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...ADMIN, is_web: '1' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const { token } = login.json().data;
    const res = await t.app.inject({ url: '/api/user/user-statistics', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    expect(res.headers['cache-control']).toBe('no-store');
    // a refused token too
    const bad = await t.app.inject({ url: '/api/user/user-statistics', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
    expectCommon(bad);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('serves an uploaded picture nosniff and sandboxed', async () => {
    const me = await loginAs(t, ADMIN.email, ADMIN.password);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#cc3366' } }).png().toBuffer();
    const body = await multipart({ name: 'Admin Person', profile_pic: { filename: 'me.png', type: 'image/png', bytes: png } });
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { ...bearer(me.token), ...body.headers },
      payload: body.payload,
    });
    expect(update.statusCode).toBe(200);
    const url: string = update.json().data.user.profile_pic;
    expect(url).toMatch(/^\/uploads\//);
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expectCommon(res);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(csp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'img-src': ["'self'"],
      'style-src': ["'unsafe-inline'"],
      sandbox: [],
    });
  });

  it('cannot have a GIF+HTML polyglot rendered as a page', async () => {
    // under a name the product writes (any other is not served at all)
    const name = '0a1b2c3d-0000-4000-8000-00000000f00d.gif';
    const dir = path.join(t.dataDir, 'uploads', 'spots');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), 'GIF89a<html><script>alert(document.domain)</script></html>');
    const res = await t.app.inject(`/uploads/spots/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy).toHaveProperty('sandbox');
    // wherever else the file might be reached, it never comes without the sandbox
    for (const url of [`/%75ploads/spots/${name}`, `//uploads/spots/${name}`, `/uploads/spots/./${name}`, `/uploads//spots/${name}`]) {
      const other = await t.app.inject(url);
      expect(other.headers['x-content-type-options']).toBe('nosniff');
      if (other.body.includes('GIF89a')) expect(csp(other.headers['content-security-policy'])).toHaveProperty('sandbox');
    }
    const missing = await t.app.inject('/uploads/spots/0a1b2c3d-0000-4000-8000-00000000beef.gif');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers /robots.txt with a disallow-all text', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*\nDisallow: \/\n$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the Swagger UI under a policy that lets its own scripts run', async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expectCommon(page);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // its scripts are files next to it, none inline
    expect(inlineScripts(page.body)).toEqual([]);
    const bundle = await t.app.inject('/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).not.toBe('no-store');
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers with a Google Maps key', () => {
  let t: TestApp;
  let adminDist: string;
  beforeAll(async () => {
    adminDist = makeAdminDist();
    t = await startTestApp('sqlite', { googleMapsApiKey: 'test-key', adminDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  it('lets the admin page load the Maps JavaScript API and nothing else from outside', async () => {
    const res = await t.app.inject('/posts/1/show');
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://*.googleapis.com', 'https://*.gstatic.com']));
    expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']));
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    // the origin alone is sent, so a key restricted to the site's address keeps working
    expect(res.headers['referrer-policy']).toBe('strict-origin');
  });

  it('keeps the API and the Swagger UI free of Google', async () => {
    const api = await t.app.inject('/api/health');
    expect(csp(api.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    const docs = await t.app.inject('/api/docs/');
    expect(String(docs.headers['content-security-policy'])).not.toContain('google');
  });
});
