// Browser tests: the real built admin served by the real server on a free loopback port, a fresh
// SQLite database with a small demo seed, driven in Debian's Chromium through playwright-core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type BuildOptions } from '@server/app';
import { type Config, loadConfig } from '@server/config';
import { seedDemo } from '@server/seed/demo';
import { declaredMigrationsFor } from './api';

export const DEMO_PASSWORD = 'Demo@1234';
export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };

const SMALL_SEED = {
  users: 30,
  subAdmins: 6,
  spots: 25,
  posts: 25,
  itineraries: 10,
  categories: 12,
  tags: 15,
  reportCategories: 4,
  reports: 12,
  comments: 20,
  contentPages: 3,
};

/**
 * The real server on the built admin, with the demo data; `overrides` change its configuration (an S3
 * store…), `build` how it is built (a registry with throwaway declarations: `resources`).
 */
/**
 * A list's path searched for `term` (react-admin's `q` filter in the URL): the reset mail's template among the
 * moderation desk's, which sort before it, newest first.
 */
export const searchedPath = (path: string, term: string) => `${path}?filter=${encodeURIComponent(JSON.stringify({ q: term }))}`;

export async function startServer(overrides: Partial<Config> = {}, build: Omit<BuildOptions, 'logger'> = {}) {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Build the admin first (npx vite build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
  const config = loadConfig(
    {},
    { dataDir, adminDist: dist, passwordScryptN: 2 ** 14, port: 0, host: '127.0.0.1', demoPassword: DEMO_PASSWORD, ...overrides },
  );
  // throwaway declarations get their tables as their generated migration would make them (support/api.ts)
  if (build.resources && !build.declared) build = { ...build, declared: declaredMigrationsFor(build.resources) };
  let { app, ctx } = await buildApp(config, { ...build, logger: false });
  await seedDemo(ctx.db, {
    options: SMALL_SEED,
    demoPassword: DEMO_PASSWORD,
    scryptN: 2 ** 14,
    uploadsDir: path.join(dataDir, 'uploads'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  ctx.config.publicUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    ctx,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    /** Stops the server as a SIGTERM would, keeping its data. */
    async stop() {
      await app.close();
    },
    /** Starts it again on the same data and port (after stop()). */
    async restart() {
      ({ app, ctx } = await buildApp(config, { ...build, logger: false }));
      await app.listen({ port, host: '127.0.0.1' });
      ctx.config.publicUrl = `http://127.0.0.1:${port}`;
      this.ctx = ctx;
    },
  };
}
export type Server = Awaited<ReturnType<typeof startServer>>;

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROME_PATH');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return { context, page };
}

/** A 390 px phone's screen. */
/** Signs in through the API as the admin web app does (for arranging data beside the browser): the session. */
export async function apiSession(baseUrl: string, account: { email: string; password: string } = ADMIN) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, is_web: '1' }),
  });
  if (res.status !== 200) throw new Error(`sign-in through the API answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { token: string; refresh_token: string; user: unknown } }).data;
}

/** An API call as the admin (arranging data beside the browser): the answer's data; anything but a 200 throws. */
export async function adminCall<T>(baseUrl: string, method: string, path: string, body?: object): Promise<T> {
  const { token } = await apiSession(baseUrl);
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The sign-in page's and user menu's texts, in English unless given (another language's catalogue). */
export interface AuthTexts {
  email: string;
  password: string;
  login: string;
  userMenu: string;
  logout: string;
}
const ENGLISH_AUTH: AuthTexts = { email: 'Email', password: 'Password', login: 'Login', userMenu: 'Profile', logout: 'Logout' };

export async function signIn(page: Page, baseUrl: string, email: string, password: string, texts: AuthTexts = ENGLISH_AUTH) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.login }).click();
}

/**
 * Signs out through the user menu. The page may still be settling (a redirect, a list loading) when the
 * menu is opened, which can close it again: open it until Logout shows.
 */
export async function signOut(page: Page, texts: AuthTexts = ENGLISH_AUTH) {
  const logout = page.getByRole('menuitem', { name: texts.logout });
  for (let attempt = 0; attempt < 4 && !(await logout.isVisible()); attempt++) {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: texts.userMenu }).click();
    await logout.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  await logout.click();
  await page.waitForURL('**/login');
}

/** The newest .eml in the server's outbox. */
export function latestMail(dataDir: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).sort();
  return files.length ? fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8') : null;
}

/** Serious and critical axe violations of the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // a list dims its rows while it fetches them again: judged once they are back at full strength
  await page.waitForFunction(() => !document.querySelector('[data-refetching]'));
  // colours caught mid-transition (a chip turning green, a dialog fading in) are no one's contrast
  await transitionsEnded(page);
  // the WCAG 2.1 A and AA rules (best practices and experimental rules are not the bar here)
  const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Lets the finite animations and transitions under way end (a spinner's endless one is left running). */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Saves a screenshot under test-results/ for a person to look at, once transitions have ended: a button
 * just enabled would otherwise still look disabled in it.
 */
export async function screenshot(page: Page, name: string) {
  await transitionsEnded(page);
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: path.join('test-results', `${name}.png`), fullPage: true });
}

/**
 * The language a test chose follows the person (it is saved with the profile): the next test starts, as
 * a fresh browser would without it, in the browser's language.
 */
async function forgetLanguages(server: Server) {
  const db = server.ctx.db;
  const rows = await db.selectFrom('users').select(['id', 'preferences']).where('preferences', 'like', '%"language"%').execute();
  for (const { id, preferences } of rows) {
    const { language: _language, ...rest } = JSON.parse(preferences!) as Record<string, unknown>;
    await db.updateTable('users').set({ preferences: JSON.stringify(rest) }).where('id', '=', id).execute();
  }
}

/** A 390 px phone's screen, as the phone rows of the findings are tested. */
/**
 * Picks `option` of the list filter `label` (texts as shown): in the sidebar on a desktop, through the
 * filter button (`addFilter`: its name) and the filter's select on a phone.
 */
export async function pickListFilter(page: Page, phone: boolean, addFilter: string, label: string, option: string) {
  if (!phone) return page.getByRole('complementary').getByText(option, { exact: true }).click();
  await page.getByRole('button', { name: addFilter }).click();
  await page.getByRole('menuitemcheckbox', { name: label, exact: true }).click();
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Registers the hooks of a browser test file: one server and one browser for the file, a fresh browser
 * context (so a fresh localStorage) for each test. Read `.server` and `.page` inside the tests.
 */
export function useBrowserSuite() {
  const suite = {} as { server: Server; browser: Browser; page: Page; context: BrowserContext };
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  beforeEach(async () => {
    Object.assign(suite, await newPage(suite.browser));
  });
  afterEach(async () => {
    await suite.context?.close();
    await forgetLanguages(suite.server);
  });
  return suite;
}

/** A 390 px phone's screen, as the browser tests of a phone open it. */
export const PHONE = { width: 390, height: 844 };

/**
 * A fresh browser context signed in as `account` (the Admin unless given) at a desktop's or a phone's size,
 * working in `language` from its next page on.
 */
export async function signedInContext(browser: Browser, baseUrl: string, opts: { language: string; phone: boolean; account?: { email: string; password: string } }) {
  const { language, phone, account = ADMIN } = opts;
  const context = await browser.newContext(phone ? { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' } : { viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  await signIn(page, baseUrl, account.email, account.password);
  await page.waitForURL('**/dashboard');
  await page.evaluate((locale) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(locale)), language);
  return { page, close: () => context.close() };
}
