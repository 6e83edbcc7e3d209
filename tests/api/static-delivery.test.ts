// The built admin travels compressed and is downloaded once: .br / .gz written by the build are sent to
// browsers that accept them, content-hashed assets are cached for a year, index.html never.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/api';

describe('static delivery of the admin', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  const html = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(dist, name), text);
      fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
    };
    write('index.html', html);
    write('assets/index-Ab12Cd34.js', script);
    t = await startTestApp('sqlite', { adminDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli or gzip as the browser accepts, the plain file otherwise', async () => {
    const get = (encoding?: string) => t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) expect(String(res.headers.vary ?? '')).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year as immutable, and index.html never, at / and at any screen path', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/post/12/show']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const body = page.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(page.rawPayload).toString() : page.body;
      expect(body, url).toBe(html);
    }
  });
});
