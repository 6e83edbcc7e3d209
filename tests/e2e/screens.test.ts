// Every menu screen in English, Turkish and Arabic, on a 1280x800 screen and on a 390x844 phone (touch):
// the page never scrolls sideways, no list scrolls sideways inside its frame on the wide screen, every
// app-bar control is inside the viewport (so the user menu and Logout are reachable on a phone), no
// catalogue key is shown raw, every control has a visible name (text or icon), a phone list's cards label
// their values, user text is direction-isolated in Arabic, and a list whose request fails never says it
// has no records. The README's screenshots come from here (docs/screenshots/); every screen's picture is
// kept in test-results/screens/ to be looked at.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
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
const WALK_SHOTS = path.join('test-results', 'screens');
/** the screens that are lists (the others are pages of their own) */
const LISTS = SCREENS.filter((screen) => !['/dashboard', '/chat', '/aiItineraries', '/profile'].includes(screen));
/** the empty state of a list in each language: never the answer to a failed request */
/** user content in a left-to-right script, and mixed with Arabic and a number, as moderators meet it */
const ADVERT = 'This looks like an advert.';
const MIXED = 'Grand Bazaar — مرحبا 123 test (mixed ltr/rtl)';
const NO_RECORDS = new RegExp([en, tr, ar].flatMap((c) => [c.app.no_records, c.app.no_data]).map((t) => t.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')).join('|'));

/** The session and the language as the admin stores them after signing in (a page's init script). */
function signedIn({ session, locale }: { session: unknown; locale: string }) {
  if (localStorage.getItem('token')) return;
  const { token: access, refresh_token, user } = session as { token: string; refresh_token: string; user: { role: string; status: string; permissions: string[] } };
  localStorage.setItem('token', access);
  localStorage.setItem('refresh_token', refresh_token);
  localStorage.setItem('userRole', user.role);
  localStorage.setItem('statusData', user.status);
  localStorage.setItem('permissions', JSON.stringify(user.permissions));
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(locale));
}

/**
 * What is wrong with the page as shown: sideways scrolling, controls off-screen, raw catalogue keys,
 * controls with no visible name, unlabelled phone cards, user text not isolated from the right-to-left flow.
 */
async function problems(page: Page, wide: boolean, language: string): Promise<string[]> {
  const found = await page.evaluate((isWide) => {
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
  return [...found, ...(await invisibleControls(page)), ...(wide ? [] : await unlabelledCards(page)), ...(language === 'ar' ? await unisolatedText(page) : [])];
}

/** Buttons and links a user can reach but not see or name: no text, no icon, or no accessible name. */
function invisibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const shows = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0.05;
    };
    for (const control of document.querySelectorAll('button, [role="button"], a[href], [role="menuitem"], [role="tab"]')) {
      if (!shows(control) || control.closest('[aria-hidden="true"]')) continue;
      // a skip link waits off the page until it is focused
      const at = control.getBoundingClientRect();
      if (at.bottom + window.scrollY <= 0 || at.right + window.scrollX <= 0) continue;
      const labelledBy = control.getAttribute('aria-labelledby');
      const name = (control.getAttribute('aria-label') ?? '') || (labelledBy ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '') || (control as HTMLElement).innerText || control.getAttribute('title') || '';
      const text = (control as HTMLElement).innerText.trim();
      const picture = [...control.querySelectorAll('svg, img')].some(shows);
      const where = control.closest('[role="dialog"]') ? 'in a dialog' : control.closest('header') ? 'in the app bar' : 'on the page';
      if (!name.trim()) found.push(`a control ${where} has no name (${control.outerHTML.slice(0, 80)})`);
      else if (!text && !picture) found.push(`the control "${name.trim()}" ${where} shows neither text nor icon`);
    }
    return [...new Set(found)];
  });
}

/**
 * A phone list's cards: every value a card shows has its label beside it (in its cell, an element of class
 * card-label, a <dt> or a data-label holder), so "0 1 0 04/17/2025" never reaches the user unexplained.
 */
function unlabelledCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const card = document.querySelector('main tbody tr, main [data-card]');
    if (!card) return [];
    const found: string[] = [];
    const shown = (el: Element) => el.getBoundingClientRect().width > 0 && !!(el as HTMLElement).innerText?.trim();
    const labelled = (cell: Element) => [...cell.querySelectorAll('.card-label, dt, [data-label]')].some(shown);
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const holder = node.parentElement;
      if (!text || !holder || holder.getBoundingClientRect().width === 0) continue;
      if (holder.closest('button, a, [role="button"], [role="checkbox"], .card-label, dt, [data-label]')) continue;
      const cell = holder.closest('td, [data-card-field]');
      if (cell && labelled(cell)) continue;
      found.push(`a phone card shows "${text}" with no label`);
    }
    return found.slice(0, 3);
  });
}

/**
 * In Arabic, text that starts in a left-to-right script (user content: names, reasons, emails) is laid out
 * left to right: the element that sets its paragraph's direction is isolated by its content (dir="auto",
 * <bdi>, unicode-bidi: plaintext) or is left to right; else "This looks like an advert." reads
 * ".This looks like an advert" and mixed text is reordered.
 */
function unisolatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    /** 'ok' or 'wrong' when `el` decides the direction of text inside it, undefined when it passes it on */
    const decides = (el: Element): 'ok' | 'wrong' | undefined => {
      const dir = el.getAttribute('dir');
      if (el !== document.documentElement && dir) return dir === 'rtl' ? 'wrong' : 'ok';
      if (el.tagName === 'BDI' || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return 'ok';
      const style = getComputedStyle(el);
      if (style.unicodeBidi === 'plaintext') return 'ok';
      const inline = style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex';
      if (!inline || style.unicodeBidi.includes('isolate')) return style.direction === 'ltr' ? 'ok' : 'wrong';
      return undefined;
    };
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const firstStrong = text.match(/[A-Za-z\u00C0-\u024F\u0590-\u08FF]/)?.[0];
      if (!firstStrong || /[\u0590-\u08FF]/.test(firstStrong)) continue;
      const holder = node.parentElement;
      if (!holder || holder.closest('script, style, svg') || holder.getBoundingClientRect().width === 0) continue;
      let verdict: 'ok' | 'wrong' | undefined;
      for (let el: Element | null = holder; el && !verdict; el = el.parentElement) verdict = decides(el);
      if (verdict !== 'ok') found.push(`"${text.trim().slice(0, 40)}" is laid out right to left`);
    }
    return [...new Set(found)].slice(0, 5);
  });
}

/**
 * With the list on screen, the server stops answering (the next requests fail), then the user presses
 * Refresh and types a search: the rows stay on screen, an alert says so, and no "No records found!" appears.
 */
async function failedRefresh(page: Page): Promise<string[]> {
  const rows = page.locator('main tbody tr td, main [data-card]');
  const hadRows = (await rows.count()) > 0;
  const offline = (route: { abort: (code: string) => Promise<void> }) => route.abort('connectionrefused');
  const dataRequests = (url: URL) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth');
  await page.route(dataRequests, offline);
  try {
    let failed = page.waitForEvent('requestfailed', { timeout: 10000 });
    await page.getByRole('button', { name: /^(Refresh|Yenile|تحديث)$/ }).first().click();
    await failed;
    const search = page.locator('main input[name="q"]');
    if (await search.count()) {
      failed = page.waitForEvent('requestfailed', { timeout: 10000 });
      await search.first().fill('zz');
      await failed;
    }
    const said = await page.locator('[role="alert"]').first().waitFor({ timeout: 10000 }).then(() => true, () => false);
    await page.waitForTimeout(300); // what the failed answer renders, beside the alert
    const found: string[] = [];
    if (!said) found.push('a failed request says nothing');
    if (await page.getByText(NO_RECORDS).count()) found.push('a failed request shows the "no records" empty state');
    if (hadRows && !(await rows.count())) found.push('a failed request takes the rows off the screen');
    if (await page.getByText('Failed to fetch').count()) found.push('the browser\'s own "Failed to fetch" is shown');
    return found;
  } finally {
    await page.unroute(dataRequests, offline);
  }
}

/**
 * The list's add dialog, opened from its floating button: every control visible and named, the action bar
 * inside the dialog's box, and on a phone the dialog fills the screen. Closed again with Escape.
 */
async function addDialogProblems(page: Page, wide: boolean, shot: string): Promise<string[]> {
  const fab = page.locator('.MuiFab-root');
  if (!(await fab.count())) return [];
  await fab.first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForTimeout(300); // the opening transition
  await page.screenshot({ path: shot });
  const found = (await invisibleControls(page)).filter((p) => p.includes('in a dialog')).map((p) => `add dialog: ${p}`);
  const layout = await page.evaluate(() => {
    const paper = document.querySelector('[role="dialog"] .MuiDialog-paper') ?? document.querySelector('[role="dialog"]');
    const box = paper?.getBoundingClientRect();
    // a button of the dialog's scrolling content may be scrolled out of view; the action bar may not
    const scrolled = (b: Element) => {
      for (let el = b.parentElement; el && el !== paper; el = el.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1) return true;
      }
      return false;
    };
    const buttons = [...document.querySelectorAll('[role="dialog"] button')]
      .filter((b) => !scrolled(b))
      .map((b) => ({ name: b.getAttribute('aria-label') || (b as HTMLElement).innerText.trim(), at: b.getBoundingClientRect() }))
      .filter((b) => b.at.width > 0)
      .map((b) => ({ name: b.name, top: b.at.top, bottom: b.at.bottom }));
    return { box: box && { top: box.top, bottom: box.bottom, width: box.width, height: box.height }, buttons, width: innerWidth, height: innerHeight };
  });
  const { box } = layout;
  if (box) {
    for (const b of layout.buttons) if (b.top < box.top - 1 || b.bottom > box.bottom + 1) found.push(`add dialog: "${b.name}" sits outside the dialog's box`);
    if (!wide && (box.width < layout.width - 1 || box.height < layout.height - 1)) found.push(`add dialog: ${Math.round(box.width)}x${Math.round(box.height)} on a ${layout.width}x${layout.height} phone, not full screen`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return found;
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
    fs.mkdirSync(WALK_SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`${size.name} (${size.width}x${size.height}) in ${language}`, { timeout: 180_000 }, async () => {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: size.mobile, hasTouch: size.mobile, locale: 'en-US' });
        const page = await context.newPage();
        page.setDefaultTimeout(15000);
        await page.addInitScript(signedIn, { session: token, locale: language });
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
            if (LISTS.includes(screen)) await page.locator('main tbody tr td, main [data-card]').or(page.getByText(NO_RECORDS)).first().waitFor({ timeout: 8000 });
            await page.waitForTimeout(150);
            for (const p of await problems(page, size.name === 'wide', language)) wrong.push(`${screen}: ${p}`);
            await page.screenshot({ path: path.join(WALK_SHOTS, `${size.name}-${language}${screen.replace(/\//g, '-')}.png`) });
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
            if (LISTS.includes(screen)) {
              const dialogShot = path.join(WALK_SHOTS, `${size.name}-${language}${screen.replace(/\//g, '-')}-add.png`);
              for (const p of await addDialogProblems(page, size.name === 'wide', dialogShot)) wrong.push(`${screen}: ${p}`);
              for (const p of await failedRefresh(page)) wrong.push(`${screen}: ${p}`);
            }
          }
          if (language === 'en' && size.name === 'wide') {
            await page.goto(`${server.baseUrl}/category`);
            await page.getByRole('button', { name: 'Add Category' }).click();
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

  // Moderators read reported content in Arabic: a Latin reason and a mixed-direction description keep their
  // own order on every detail screen (M8), and the detail screens fit and name their controls.
  for (const size of SIZES) {
    it(`detail screens in Arabic, ${size.name}`, { timeout: 120_000 }, async () => {
      const { db } = server.ctx;
      const post = await db.selectFrom('posts').select('id').where('type', '=', 'post').orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('posts').set({ description: MIXED }).where('id', '=', post.id).execute();
      const itinerary = await db.selectFrom('posts').select(['id', 'title']).where('type', '=', 'itinerary').orderBy('id').executeTakeFirstOrThrow();
      const report = await db.selectFrom('reports').select('id').where('type', '=', 'post').orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('reports').set({ reason: ADVERT }).where('id', '=', report.id).execute();
      const people = await db.selectFrom('users').select(['id', 'name', 'user_type']).where('user_type', 'in', ['User', 'Sub-Admin']).orderBy('id').execute();
      const user = people.find((p) => p.user_type === 'User');
      const subAdmin = people.find((p) => p.user_type === 'Sub-Admin');
      if (!user || !subAdmin) throw new Error('the demo seed has users and sub-admins');
      const screens: [string, string][] = [
        [`/user/${user.id}`, user.name],
        [`/subadmin/${subAdmin.id}`, subAdmin.name],
        [`/post/${post.id}`, 'Grand Bazaar'],
        [`/itinerary/${itinerary.id}`, itinerary.title],
        [`/report/${report.id}`, ADVERT],
      ];
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: size.mobile, hasTouch: size.mobile, locale: 'en-US' });
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      await page.addInitScript(signedIn, { session: token, locale: 'ar' });
      const wrong: string[] = [];
      try {
        for (const [screen, shown] of screens) {
          await page.goto(`${server.baseUrl}${screen}`);
          await page.locator('main').getByText(shown).first().waitFor();
          for (const p of await problems(page, size.name === 'wide', 'ar')) wrong.push(`${screen}: ${p}`);
          await page.screenshot({ path: path.join(WALK_SHOTS, `${size.name}-ar${screen.replace(/\//g, '-')}.png`) });
        }
      } finally {
        await context.close();
      }
      expect(wrong).toEqual([]);
    });
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
