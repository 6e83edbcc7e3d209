// Staff on a phone (390x844, touch) and the dialogs everywhere (issue 32: M9, M10, m2, m3, m24, p5, p10,
// p11, p16): full-screen form dialogs that can be abandoned, labelled list cards with sort and
// tap-to-open, More tools that gets out of the way, readable search boxes, a theme panel with its values
// and a reset; at 1280 px the Users list fits at every font size and dark dialog footers are readable.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { DEFAULT_PREFERENCES } from '@shared/preferences';
import { ADMIN, apiSession, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
type Catalogue = typeof ar;

/** A signed-in admin on a 390x844 touch phone, in the given language. */
async function phone(language: 'en' | 'ar') {
  await savePreferences();
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.evaluate((locale) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(locale)), language);
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  return { page, close: () => context.close() };
}

/** Saves the admin's theme settings: the defaults but for `changes` (a test's settings never reach the next). */
async function savePreferences(changes: Record<string, unknown> = {}) {
  const session = await apiSession(suite.server.baseUrl);
  const res = await fetch(`${suite.server.baseUrl}/api/auth/user/preferences`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ preferences: { ...DEFAULT_PREFERENCES, ...changes } }),
  });
  expect(res.status).toBe(200);
}

/** The admin at 1280x800, with the given theme settings. */
async function desktop(preferences: Record<string, unknown> = {}) {
  await savePreferences(preferences);
  const { page } = suite;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  return page;
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** WCAG contrast ratio of two computed CSS colours (rgb/rgba, opaque). */
function contrast(a: string, b: string) {
  const luminance = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function expectTouchTarget(locator: Locator) {
  await expect(locator.isVisible()).resolves.toBe(true);
  const b = await box(locator);
  expect(b.width).toBeGreaterThanOrEqual(44);
  expect(b.height).toBeGreaterThanOrEqual(44);
}

/** A phone's form dialog: full screen, Save bar inside it, a visible Cancel and close, and the discard question. */
async function abandonOnPhone(page: Page, t: Catalogue, title: string, fill: (dialog: Locator) => Promise<void>, shot: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const frame = await box(dialog);
  expect(frame).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  const save = dialog.getByRole('button', { name: t.ra.action.save });
  const saveBox = await box(save);
  expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(844);
  await expectTouchTarget(save);
  await expectTouchTarget(dialog.getByRole('button', { name: t.ra.action.cancel, exact: true }));
  await expectTouchTarget(dialog.getByRole('button', { name: t.ra.action.close, exact: true }));

  await fill(dialog);
  await screenshot(page, `${shot}-dialog`);
  const ask = page.getByRole('alertdialog', { name: t.app.discard.question });
  await dialog.getByRole('button', { name: t.ra.action.close, exact: true }).tap();
  await ask.waitFor();
  await expect(ask.getByText(t.app.discard.explain.replace('%{title}', title)).isVisible()).resolves.toBe(true);
  await screenshot(page, `${shot}-discard`);
  await ask.getByRole('button', { name: t.app.discard.keep }).tap();
  await ask.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: t.ra.action.cancel, exact: true }).tap();
  await ask.getByRole('button', { name: t.app.discard.discard, exact: true }).tap();
  await dialog.waitFor({ state: 'detached' });
}

describe('form dialogs on a phone and on a screen', () => {
  for (const [language, t] of [['en', en], ['ar', ar]] as const) {
    it(`M9/p16: on a phone in ${language}, Add Category is full screen and can be abandoned`, async () => {
      const { page, close } = await phone(language);
      try {
        await page.goto(`${suite.server.baseUrl}/category`);
        await page.getByRole('button', { name: t.app.category.add }).tap();
        await abandonOnPhone(page, t, t.app.category.add, (d) => d.getByRole('textbox').first().fill('Cafés'), `phone-category-add-${language}`);
      } finally {
        await close();
      }
    });
  }

  for (const [language, t] of [['en', en], ['ar', ar]] as const) {
    it(`M9: on a phone in ${language}, Back on an edit dialog asks when changed, closes when not, and leaves the list where it is`, async () => {
      const { page, close } = await phone(language);
      try {
        await page.goto(`${suite.server.baseUrl}/category`);
        const list = page.getByRole('button', { name: t.app.category.add });
        const dialog = page.getByRole('dialog', { name: t.app.category.edit });
        const name = dialog.getByRole('textbox').first();
        const ask = page.getByRole('alertdialog', { name: t.app.discard.question });
        const openEdit = async () => {
          await page.getByRole('button', { name: t.app.actions.menu }).first().tap();
          await page.getByRole('menuitem', { name: t.app.actions.edit }).tap();
          await name.waitFor();
        };
        const onTheList = async () => {
          await dialog.waitFor({ state: 'detached' });
          expect(new URL(page.url()).pathname).toBe('/category');
          await screenshot(page, `phone-back-list-${language}`);
          await list.waitFor();
        };

        await openEdit();
        await name.fill('Cafés et bars');
        await page.goBack();
        await ask.waitFor();
        await screenshot(page, `phone-back-discard-${language}`);
        await ask.getByRole('button', { name: t.app.discard.keep }).tap();
        await ask.waitFor({ state: 'detached' });
        await expect(name.inputValue()).resolves.toBe('Cafés et bars');
        // the next Back asks again; Discard closes the dialog over the list
        await page.goBack();
        await ask.getByRole('button', { name: t.app.discard.discard, exact: true }).tap();
        await onTheList();

        // unchanged: Back closes it, and Forward does not bring it back
        await openEdit();
        await page.goBack();
        await onTheList();
        await page.goForward();
        await expect(dialog.count()).resolves.toBe(0);
        await page.goBack();
        await onTheList();

        // closed by Cancel, it leaves no entry behind: Back leaves the list
        await openEdit();
        await dialog.getByRole('button', { name: t.ra.action.cancel, exact: true }).tap();
        await dialog.waitFor({ state: 'detached' });
        await page.goBack();
        await page.waitForURL('**/dashboard');
      } finally {
        await close();
      }
    });
  }

  it('M9/p16/p5: on a screen, a backdrop click on a changed Edit Category asks, naming the dialog; Show history is in the content', async () => {
    const page = await desktop();
    await page.goto(`${suite.server.baseUrl}/category`);
    await page.getByRole('button', { name: en.app.actions.menu }).first().click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Category' });
    const history = dialog.getByRole('button', { name: en.app.audit.show_history });
    const save = dialog.getByRole('button', { name: 'Save' });
    // the toggle belongs to the form: above its Save bar, not under it
    expect((await box(history)).y).toBeLessThan((await box(save)).y);
    await dialog.getByRole('textbox').first().fill('Aquariums and more');
    await page.mouse.click(12, 450);
    const ask = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await ask.waitFor();
    await ask.getByText('You have unsaved changes in Edit Category.').waitFor();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByRole('textbox').first().inputValue()).resolves.toBe('Aquariums and more');
  });

  it('m3: in dark mode a dialog footer is dark and its buttons readable (4.5:1)', async () => {
    const page = await desktop({ mode: 'dark' });
    await page.goto(`${suite.server.baseUrl}/category`);
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    const footer = dialog.locator('.MuiToolbar-root');
    const background = await footer.evaluate((el) => getComputedStyle(el).backgroundColor);
    const cancel = await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => getComputedStyle(el).color);
    await screenshot(page, 'dialog-dark-en');
    expect(contrast(cancel, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('rgb(255, 255, 255)', background)).toBeGreaterThan(10); // a dark footer
  });
});

describe('lists on a phone', () => {
  it('M10: Users are labelled cards with a sort control, the menu in one place, and a tap opens the user', async () => {
    const { page, close } = await phone('en');
    try {
      await page.goto(`${suite.server.baseUrl}/user`);
      const cards = page.locator('main tbody tr');
      await cards.nth(2).waitFor();
      const first = cards.first();
      for (const label of ['Posts', 'Itineraries', 'Sequence', 'Registered On', 'Status']) {
        await expect(first.getByText(label, { exact: true }).isVisible(), label).resolves.toBe(true);
      }
      // the row menu at the same place on every card
      const menus = await Promise.all([0, 1, 2].map(async (i) => [await box(cards.nth(i)), await box(cards.nth(i).getByRole('button', { name: en.app.actions.menu }))] as const));
      for (const [card, menu] of menus) {
        expect(Math.round(menu.y - card.y)).toBe(Math.round(menus[0][1].y - menus[0][0].y));
        expect(Math.round(menu.x)).toBe(Math.round(menus[0][1].x));
      }
      await screenshot(page, 'phone-user-cards-en');

      // newest first, the list's own order, is no column: plain "Sort"
      await page.getByRole('button', { name: 'Sort', exact: true }).tap();
      await page.getByRole('menuitem', { name: 'Username' }).tap();
      await page.waitForURL((url) => url.search.includes('sort=name') && url.search.includes('order=ASC'));
      await page.getByRole('button', { name: 'Sort by Username, ascending' }).waitFor();

      await first.getByText('Posts', { exact: true }).tap();
      await page.waitForURL(/\/user\/\d+$/);
    } finally {
      await close();
    }
  });

  it('M10: Categories in Arabic are labelled cards; a tap opens the record', async () => {
    const { page, close } = await phone('ar');
    try {
      await page.goto(`${suite.server.baseUrl}/category`);
      const first = page.locator('main tbody tr').first();
      await first.getByText(ar.resources.category.fields.name, { exact: true }).waitFor();
      await expect(first.getByText(ar.resources.category.fields.created_at, { exact: true }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'phone-category-cards-ar');
      // no detail page for a category: its edit form
      await first.getByText(ar.resources.category.fields.name, { exact: true }).tap();
      await page.getByRole('dialog', { name: ar.app.category.edit }).waitFor();
    } finally {
      await close();
    }
  });

  it('p10: search placeholders are whole on a phone; the menu search takes More tools\' width', async () => {
    for (const [language, t] of [['en', en], ['ar', ar]] as const) {
      const { page, close } = await phone(language);
      try {
        await page.goto(`${suite.server.baseUrl}/user`);
        const search = page.getByRole('textbox', { name: t.resources.user.search });
        await expect(search.getAttribute('placeholder')).resolves.toBe(t.app.phone.search);
        // the placeholder's text fits the box
        const fits = await search.evaluate((el: HTMLInputElement) => {
          const style = getComputedStyle(el);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          return ctx.measureText(el.placeholder).width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        });
        expect(fits).toBe(true);
        await page.getByRole('button', { name: t.app.menu.more_tools }).tap();
        const tools = page.getByRole('group', { name: t.app.menu.more_tools });
        const menuSearch = tools.locator('.MuiAutocomplete-root');
        // once the popover has grown to its size
        await expect.poll(async () => Math.round((await box(tools)).width)).toBe(280);
        expect((await box(menuSearch)).width).toBeGreaterThanOrEqual((await box(tools)).width - 24);
        await screenshot(page, `phone-more-tools-${language}`);
      } finally {
        await close();
      }
    }
  });

  it('m24: on a phone in Arabic, More tools closes when Theme settings is chosen', async () => {
    const { page, close } = await phone('ar');
    try {
      await page.getByRole('button', { name: ar.app.menu.more_tools }).tap();
      const tools = page.getByRole('group', { name: ar.app.menu.more_tools });
      await tools.getByRole('button', { name: ar.app.theme.title }).tap();
      const panel = page.getByRole('dialog', { name: ar.app.theme.title });
      await panel.waitFor();
      await tools.waitFor({ state: 'hidden' });
      await panel.getByRole('radio', { name: ar.app.theme.layouts.layout2 }).waitFor();
      await screenshot(page, 'phone-theme-settings-ar');
      await panel.getByRole('button', { name: ar.ra.action.close }).tap();
      await panel.waitFor({ state: 'hidden' });
      await expect(tools.isVisible()).resolves.toBe(false);
    } finally {
      await close();
    }
  });
});

describe('theme settings and the Users list at 1280 px', () => {
  it('p11: the font size shows its value, the swatches their names, and Reset to defaults restores them', async () => {
    const page = await desktop({ fontScale: 1.2, scheme: 'forest' });
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Theme settings' });
    await panel.getByText('1.2×').waitFor();
    for (const name of Object.values(en.app.theme.schemes)) await expect(panel.getByText(name, { exact: true }).isVisible(), name).resolves.toBe(true);
    await screenshot(page, 'theme-settings-values-en');
    await panel.getByRole('button', { name: 'Reset to defaults' }).click();
    await panel.getByText('1.0×').waitFor();
    await expect(panel.getByRole('radio', { name: 'Ocean' }).isChecked()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.style.fontSize)).resolves.toBe('62.5%');
  });

  for (const [name, preferences] of [
    ['font size 1.3', { fontScale: 1.3 }],
    ['the left side panel on', { leftSidePanel: { display: true } }],
    ['font size 1.3 and the left side panel', { fontScale: 1.3, leftSidePanel: { display: true } }],
  ] as const) {
    it(`m2: with ${name}, every Users column is in view and the add button leaves the pager free`, async () => {
      const page = await desktop(preferences);
      await page.goto(`${suite.server.baseUrl}/user`);
      await page.locator('main tbody tr').nth(2).waitFor();
      await screenshot(page, `user-list-1280-${name.replace(/\W+/g, '-')}`);
      const wrapper = page.locator('.RaDataTable-tableWrapper');
      const widths = await wrapper.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      const frame = await box(wrapper);
      for (const header of await page.getByRole('columnheader').all()) {
        const b = await box(header);
        expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      }
      // scrolled to the end, the floating add button leaves the pager's links free
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const pager = await box(page.locator('.MuiTablePagination-root'));
      const fab = await box(page.getByRole('button', { name: 'Add User' }));
      const overlaps = fab.x < pager.x + pager.width && fab.x + fab.width > pager.x && fab.y < pager.y + pager.height && fab.y + fab.height > pager.y;
      expect(overlaps, JSON.stringify({ fab, pager })).toBe(false);
    });
  }
});
