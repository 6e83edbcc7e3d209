import { describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, screenshot, signIn, signOut, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function signInAdmin() {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  return page;
}

describe('layout and personalisation', () => {
  it('changes the layout and the colour scheme, which a reload and the server keep', async () => {
    const page = await signInAdmin();
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Theme settings' });
    await panel.getByRole('radio', { name: 'Compact' }).check();
    await panel.getByRole('radio', { name: 'Forest' }).check();
    await screenshot(page, 'theme-settings-en');
    await page.locator('[data-layout="layout3"]').waitFor();
    const appBarColour = () => page.locator('header').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    // the app bar wears the scheme's secondary colour
    await expect(appBarColour()).resolves.toBe('rgb(27, 94, 32)');
    // saved with the profile after the 300 ms pause
    await expect
      .poll(async () => (await suite.server.ctx.db.selectFrom('users').select('preferences').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).preferences, { timeout: 5000 })
      .toContain('"layout":"layout3"');
    await page.reload();
    await page.locator('[data-layout="layout3"]').waitFor();
    await expect(appBarColour()).resolves.toBe('rgb(27, 94, 32)');
  });

  it('scales the font between 0.7 and 1.3 of the 62.5% base with the slider', async () => {
    const page = await signInAdmin();
    const rootSize = () => page.evaluate(() => document.documentElement.style.fontSize);
    await expect(rootSize()).resolves.toBe('62.5%');
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const slider = page.getByRole('dialog', { name: 'Theme settings' }).getByRole('slider', { name: 'Font size' });
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(rootSize()).resolves.toBe('81.25%');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('1.3');
    await page.keyboard.press('Home');
    await expect(rootSize()).resolves.toBe('43.75%');
    await page.keyboard.press('ArrowLeft');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('0.7');
  });

  it('pins a page as a shortcut and opens it with Alt+1', async () => {
    const page = await signInAdmin();
    await page.goto(`${suite.server.baseUrl}/tag`);
    await page.getByRole('columnheader', { name: 'Tag Name' }).waitFor();
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: 'Pin Tags' }).click();
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    // the card's link, which the admin renders (the start-up shell's picture of the card takes no keys)
    await page.getByRole('link', { name: /Total Users/ }).waitFor();
    await page.keyboard.press('Alt+1');
    await page.waitForURL((url) => url.pathname === '/tag');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /Tags/ }).first().waitFor();
  });

  it('searches the menu titles and offers only what the person may open', async () => {
    const page = await signInAdmin();
    const search = page.getByRole('combobox', { name: 'Search the menu' });
    await search.fill('tag');
    await page.getByRole('option', { name: 'Tags' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/tag');

    await signOut(page);
    await signIn(page, suite.server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await search.fill('cat');
    await page.getByRole('listbox').or(page.getByText('No options')).first().waitFor();
    await expect(page.getByRole('option', { name: 'Categories' }).count()).resolves.toBe(0);
    await search.fill('pos');
    await page.getByRole('option', { name: 'Posts' }).waitFor();
  });

  it('shows the side panels the settings ask for: the quick panel and the shortcut bar', async () => {
    const page = await signInAdmin();
    await page.getByRole('button', { name: 'Quick panel' }).click();
    const quick = page.getByRole('dialog', { name: 'Quick panel' });
    await quick.getByTestId('quick-panel-today').waitFor();
    await quick.getByRole('link', { name: /reports to look at/ }).waitFor();
    await quick.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Theme settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Theme settings' });
    await panel.getByLabel('Left side panel (shortcuts)').check();
    await panel.getByLabel('Right side panel (quick panel)').uncheck();
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Shortcuts' }).waitFor();
    await expect(page.getByRole('button', { name: 'Quick panel' }).count()).resolves.toBe(0);
  });

  it('can be used with the keyboard alone: sign in, open the add dialog, save', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    // the menu search takes the keyboard to any screen
    await page.getByRole('combobox', { name: 'Search the menu' }).focus();
    await page.keyboard.type('categ');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/category');
    await page.getByRole('button', { name: 'Add Category' }).focus();
    // what has the focus shows it (MUI's focus-visible state)
    await expect(page.evaluate(() => document.activeElement?.matches(':focus-visible'))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('Category Name').waitFor();
    await page.keyboard.type('Keyboard Lakes');
    await page.keyboard.press('Enter');
    await page.getByText('Category has been added Successfully').waitFor();
  });
});
