// Small things a designer would catch: the quick panel's link in the theme's colour, and the floating
// add button never covering the pager, even at the largest font size.
import { describe, expect, it } from 'vitest';
import { ADMIN, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

describe('finish', () => {
  it("shows the quick panel's reports link in the theme's colour, not the browser's blue", async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Quick panel' }).click();
    // the panel's own link (it is fetched on its first opening, its count a moment later)
    const link = page.locator('.MuiDrawer-paper').getByRole('link', { name: /reports to look at/i });
    await link.waitFor();
    const colour = await link.evaluate((a) => getComputedStyle(a).color);
    // the browser's unvisited and visited link colours
    expect(colour).not.toBe('rgb(0, 0, 238)');
    expect(colour).not.toBe('rgb(85, 26, 139)');
    // the theme's text for links: MUI's Link, with its hover underline
    await expect(link.evaluate((a) => a.classList.contains('MuiLink-root'))).resolves.toBe(true);
  });

  it('keeps the add button off the pager on the posts list at font size 1.3', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.baseUrl}/api/auth/user/preferences`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ preferences: { fontScale: 1.3 } }),
    });
    expect(res.status).toBe(200);
    // the start-up check of the next page load brings the saved font size
    await page.goto(`${server.baseUrl}/post`);
    await page.waitForFunction(() => document.documentElement.style.fontSize.includes('81') || getComputedStyle(document.documentElement).fontSize === '13px');
    const pager = page.locator('.MuiTablePagination-root').first();
    await pager.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const fab = page.locator('.MuiFab-root').first();
    const [a, b] = await Promise.all([pager.boundingBox(), fab.boundingBox()]);
    const overlap = !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
  });
});
