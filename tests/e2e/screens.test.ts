// Every menu screen in English, Turkish and Arabic, on a 1280x800 screen and on a 390x844 phone (touch):
// the page never scrolls sideways, no list scrolls sideways inside its frame on the wide screen, every
// app-bar control is inside the viewport (so the user menu and Logout are reachable on a phone), and no
// catalogue key is shown raw. The README's screenshots come from here (docs/screenshots/).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiSession, launchBrowser, type Server, startServer } from '../support/e2e';

const SCREENS = [
  '/dashboard',
  '/user',
  '/subadmin',
  '/spot',
  '/post',
  '/itinerary',
  '/category',
  '/tag',
  '/emailtemplate',
  '/contentmanagement',
  '/reportCategories',
  '/report',
  '/reportedComments',
  '/reportedUsers',
  '/chat',
  '/aiItineraries',
  '/profile',
  '/audit',
];
const SIZES = [
  { name: 'wide', width: 1280, height: 800, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;
const LANGUAGES = ['en', 'tr', 'ar'] as const;
const README_SHOTS = path.join('docs', 'screenshots');

/** What is wrong with the page as shown: sideways scrolling, controls off-screen, raw catalogue keys. */
async function problems(page: Page, wide: boolean): Promise<string[]> {
  return page.evaluate((isWide) => {
    const found: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw + 1) found.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${vw}px window`);
    for (const control of document.querySelectorAll('header button, header a, header input')) {
      const r = control.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -1 || r.right > vw + 1) found.push(`app-bar control "${control.getAttribute('aria-label') ?? (control as HTMLElement).innerText}" is outside the viewport (${Math.round(r.left)}..${Math.round(r.right)})`);
    }
    if (isWide) {
      for (const el of document.querySelectorAll('main *')) {
        const style = getComputedStyle(el);
        if (!['auto', 'scroll'].includes(style.overflowX)) continue;
        if (el.scrollWidth > el.clientWidth + 1 && el.querySelector('table')) found.push(`a list scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
    }
    const raw = document.body.innerText.match(/\b(?:app|ra|resources|validation|messages)\.[a-z_]+(?:\.[\w-]+)+/g);
    if (raw) found.push(`raw catalogue keys: ${[...new Set(raw)].join(', ')}`);
    return found;
  }, wide);
}

describe('every menu screen fits and is translated', () => {
  let server: Server;
  let browser: Browser;
  let token: { token: string; refresh_token: string; user: unknown };
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiSession(server.baseUrl);
    fs.mkdirSync(README_SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`${size.name} (${size.width}x${size.height}) in ${language}`, async () => {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: size.mobile, hasTouch: size.mobile, locale: 'en-US' });
        const page = await context.newPage();
        page.setDefaultTimeout(15000);
        // the session and the language as the admin stores them after signing in
        await page.addInitScript(
          ({ session, locale }) => {
            if (localStorage.getItem('token')) return;
            const { token: access, refresh_token, user } = session as { token: string; refresh_token: string; user: { role: string; status: string; permissions: string[] } };
            localStorage.setItem('token', access);
            localStorage.setItem('refresh_token', refresh_token);
            localStorage.setItem('userRole', user.role);
            localStorage.setItem('statusData', user.status);
            localStorage.setItem('permissions', JSON.stringify(user.permissions));
            localStorage.setItem('user', JSON.stringify(user));
            localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(locale));
          },
          { session: token, locale: language },
        );
        const wrong: string[] = [];
        try {
          for (const screen of SCREENS) {
            try {
              await page.goto(`${server.baseUrl}${screen}`);
              await page.waitForFunction((lang) => document.documentElement.lang === lang, language, { timeout: 8000 });
              await page.locator('main').first().waitFor({ timeout: 8000 });
            } catch (err) {
              fs.mkdirSync('test-results', { recursive: true });
              await page.screenshot({ path: path.join('test-results', `screens-${size.name}-${language}${screen.replace(/\//g, '-')}.png`) });
              wrong.push(`${screen}: did not show (${String((err as Error).message).split('\n')[0]}) at ${page.url()}`);
              continue;
            }
            // lists: wait for their rows (or their empty state) rather than the 'Loading...' note
            await page.getByText(/Loading\.\.\.|Yükleniyor|جار التحميل/).first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
            await page.waitForTimeout(150);
            for (const p of await problems(page, size.name === 'wide')) wrong.push(`${screen}: ${p}`);
            // a README screenshot of a list shows its rows (the demo data has some), not the moment before
            const shot = (language === 'en' && size.name === 'wide' && screen === '/post') || (language === 'ar' && size.name === 'wide' && screen === '/user') || (language === 'tr' && size.name === 'phone' && screen === '/spot');
            if (shot) {
              await page.locator('main tbody tr, main li a').first().waitFor({ timeout: 8000 });
              await page.waitForTimeout(200);
            }
            if (language === 'en' && size.name === 'wide' && (screen === '/dashboard' || screen === '/post')) {
              await page.screenshot({ path: path.join(README_SHOTS, `${screen.slice(1)}-en.png`) });
            }
            if (language === 'ar' && size.name === 'wide' && screen === '/user') await page.screenshot({ path: path.join(README_SHOTS, 'user-ar.png') });
            if (language === 'tr' && size.name === 'phone' && screen === '/spot') await page.screenshot({ path: path.join(README_SHOTS, 'spot-tr-phone.png') });
          }
          if (language === 'en' && size.name === 'wide') {
            await page.goto(`${server.baseUrl}/category`);
            await page.getByRole('button', { name: 'Add' }).first().click();
            await page.getByRole('dialog').waitFor();
            await page.screenshot({ path: path.join(README_SHOTS, 'category-add-en.png') });
          }
        } finally {
          await context.close();
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('keeps the users list in 1280 px with Location and Spots behind the column chooser', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`${server.baseUrl}/user`);
      await page.getByRole('columnheader', { name: 'Username' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'Location' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('menuitem', { name: 'Location' }).or(page.getByRole('switch', { name: 'Location' })).or(page.getByLabel('Location')).first().click();
      await page.keyboard.press('Escape');
      await page.getByRole('columnheader', { name: 'Location' }).waitFor();
      // a long email is clipped, and the whole value is its tooltip
      const email = page.locator('tbody tr').first().locator('span[title*="@"]').first();
      await expect(email.getAttribute('title')).resolves.toMatch(/@/);
    } finally {
      await context.close();
    }
  });
});
