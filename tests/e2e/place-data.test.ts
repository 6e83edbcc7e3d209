// Place data that looks finished: countries and states by name in the spot list, a saved stop shown
// by its spot's name in the Edit Post dialog, and every stop's label inside the offline route plot.
import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function adminOn(path: string) {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}${path}`);
}

describe('place data', () => {
  it('lists spots with country names, never codes', async () => {
    const { page } = suite;
    await adminOn('/spot');
    await page.getByRole('columnheader', { name: 'Country' }).waitFor();
    const header = await page.getByRole('columnheader').allInnerTexts();
    const column = header.findIndex((h) => h.trim().startsWith('Country'));
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const countries = await rows.evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement)?.innerText.trim()), column);
    expect(countries.length).toBeGreaterThan(5);
    for (const country of countries) expect(country, countries.join(' | ')).toMatch(/^\p{L}[\p{L} .,'()-]{2,}$/u);
  });

  it('shows a saved stop by its spot name in the Edit Post dialog', async () => {
    const { page, server } = suite;
    const spot = await server.ctx.db
      .selectFrom('post_spots')
      .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
      .innerJoin('posts', 'posts.id', 'post_spots.post_id')
      .select(['posts.id as postId', 'posts.title', 'spots.name', 'spots.address'])
      .where('posts.type', '=', 'post')
      .where('posts.deleted_at', 'is', null)
      .where('post_spots.position', '=', 0)
      .orderBy('posts.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await adminOn('/post');
    await page.getByPlaceholder('Search for Title, Description and Status').fill(spot.title);
    const row = page.getByRole('row').filter({ hasText: spot.title }).first();
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Address').first().inputValue()).resolves.toBe(spot.name);
  });

  it('keeps every stop label inside the route plot, even at the edges, and each thumbnail apart from its name in en and ar', async () => {
    const { page, server } = suite;
    const { ctx } = server;
    const owner = await ctx.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const { id } = await ctx.db
      .insertInto('posts')
      .values({ type: 'itinerary', user_id: owner.id, title: 'Edges of Istanbul', description: null, latitude: 41, longitude: 28.9, itinerary_date: stamp, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stops = [
      { name: 'Istanbul Riverside Walk', lat: 41.0, lng: 28.7 },
      { name: 'Istanbul Grand Market', lat: 41.2, lng: 29.3 },
      { name: 'Istanbul Lighthouse at the very northern end', lat: 41.25, lng: 29.0 },
    ];
    for (const [position, s] of stops.entries()) {
      const spot = await ctx.db
        .insertInto('spots')
        .values({ user_id: owner.id, name: s.name, status: 'Active', address: null, country: 'Türkiye', state: 'İstanbul', city: 'Istanbul', post_code: null, latitude: s.lat, longitude: s.lng, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.insertInto('post_spots').values({ post_id: id, spot_id: spot.id, position, itinerary_date: stamp }).execute();
    }
    await adminOn(`/itinerary/${id}`);
    const plot = page.getByTestId('route-plot');
    await plot.waitFor();
    await screenshot(page, 'route-plot-edges');
    const boxes = await plot.evaluate((svg) => {
      const view = (svg as SVGSVGElement).viewBox.baseVal;
      return [...svg.querySelectorAll('text[data-label]')].map((t) => {
        const b = (t as SVGTextElement).getBBox();
        return { text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height, width: view.width, height: view.height };
      });
    });
    expect(boxes).toHaveLength(3);
    for (const b of boxes) {
      expect(b.left, b.text!).toBeGreaterThanOrEqual(0);
      expect(b.right, b.text!).toBeLessThanOrEqual(b.width);
      expect(b.top, b.text!).toBeGreaterThanOrEqual(0);
      expect(b.bottom, b.text!).toBeLessThanOrEqual(b.height);
    }

    // each stop's thumbnail keeps a gap before its name, on the left in English and on the right in Arabic
    const gaps = () =>
      page.getByRole('list', { name: /Spots|الأماكن/ }).evaluate((list) =>
        [...list.querySelectorAll('li')].map((li) => {
          const image = li.querySelector('.MuiAvatar-root')!.getBoundingClientRect();
          const name = li.querySelector('.MuiListItemText-root')!.getBoundingClientRect();
          return document.dir === 'rtl' ? image.left - name.right : name.left - image.right;
        }),
      );
    await page.getByRole('list', { name: 'Spots' }).waitFor();
    for (const gap of await gaps()) expect(gap).toBeGreaterThanOrEqual(12);
    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('ar')));
    await page.reload();
    await page.getByRole('list', { name: 'الأماكن' }).waitFor();
    const rtl = await gaps();
    expect(rtl).toHaveLength(3);
    for (const gap of rtl) expect(gap).toBeGreaterThanOrEqual(12);
  });
});
