// Images in an S3-compatible store, seen in the browser: a picture uploaded through the API is shown on
// the person's page through a redirect to the store's signed URL, which the page's security policy
// allows (img-src names the store's origin in that mode) — and its thumbnail in the users list.
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, type Server, signIn, startServer } from '../support/e2e';
import { S3RVER_KEY, startS3 } from '../support/s3';

describe('images in an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let server: Server;
  let browser: Browser;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    s3 = await startS3();
    // the SDK's usual chain reads the credentials from the environment
    process.env.AWS_ACCESS_KEY_ID = S3RVER_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = S3RVER_KEY;
    server = await startServer({ s3: s3.settings({ serve: 'redirect' }) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await s3?.close();
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  });

  /** Whether the page's image of that source has loaded real pixels. */
  const loaded = (page: Page, src: string) =>
    page.evaluate((wanted) => [...document.images].some((img) => img.getAttribute('src') === wanted && img.complete && img.naturalWidth > 0), src);

  it("shows a user's picture kept in the store, through the signed-URL redirect, with no policy violation", async () => {
    const { page, context } = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && blocked.push(m.text()));
    try {
      await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
      await page.waitForURL('**/dashboard');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const user = await server.ctx.db.selectFrom('users').select(['id', 'name']).where('user_type', '=', 'User').orderBy('id').limit(1).executeTakeFirstOrThrow();
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e6091' } }).png().toBuffer();
      const form = new FormData();
      form.append('id', String(user.id));
      form.append('name', user.name);
      form.append('status', 'Active');
      form.append('profile_pic', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${server.baseUrl}/api/user/update-user`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      expect(res.status, await res.clone().text()).toBe(200);
      const stored = await server.ctx.db.selectFrom('users').select(['profile_pic', 'thumbnail']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.profile_pic).toMatch(/^\/uploads\/users\/.+\.png$/);
      // the server answers the picture with a redirect to the store
      const redirect = await fetch(`${server.baseUrl}${stored.profile_pic}`, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toContain(s3.endpoint);

      await page.goto(`${server.baseUrl}/user/${user.id}`);
      await page.getByRole('heading', { name: user.name }).waitFor();
      await expect.poll(() => loaded(page, stored.profile_pic!)).toBe(true);
      expect(blocked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
