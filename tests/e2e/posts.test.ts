import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { savePost } from '@server/modules/posts/service';
import { ADMIN, DEMO_PASSWORD, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

const png = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();

async function openList(page: Page, path: string, header: string) {
  const { server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('columnheader', { name: header }).first().waitFor();
}

/** A post made through the same service the form uses, with one picture per stop. */
async function makePost(title: string, type: 'post' | 'itinerary', stops: { name: string; lat: number; lng: number; date?: string }[]) {
  const { ctx } = suite.server;
  const user = await ctx.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
  const colours = ['#cc3333', '#33cc33', '#3333cc', '#cccc33', '#33cccc', '#cc33cc', '#999999'];
  const files = await Promise.all(stops.map(async (_, i) => ({ field: 'images', filename: `${i}.png`, mimetype: 'image/png', bytes: await png(colours[i % colours.length]) })));
  const { id } = await savePost(
    ctx,
    {
      user_id: user.id,
      title,
      description: `${title} description`,
      itinerary_date: '2026-04-01 09:00:00',
      is_planeed: '0',
      is_public: 1,
      type,
      category_id: [],
      tag_id: [],
      deleted_spots: [],
      spotData: stops.map((s, i) => ({ name: s.name, latitude: s.lat, longitude: s.lng, address: null, city: s.name, state: null, country: 'Türkiye', post_code: null, imageIndex: i, itinerary_date: s.date })),
    },
    files,
    { caller: { role: 'Admin' } },
  );
  return id;
}

const search = async (page: Page, placeholder: string, text: string) => {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
};

describe('spots, posts and itineraries', () => {
  it('adds a post through the dialog: user, date, category, an address by autocomplete and an image', async () => {
    const { page, server } = suite;
    await openList(page, '/post', 'Post Image');
    await page.getByRole('button', { name: 'Add Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User').fill('Demo');
    await page.getByRole('option', { name: 'Demo User' }).click();
    await dialog.getByLabel('Title').fill('Sunset over the Bosphorus');
    await dialog.getByLabel('Description').fill('Tea by the water.');
    await dialog.getByLabel('Post Date').fill('05/20/2026 07:30 PM');
    await dialog.getByLabel('Categories').click();
    await page.getByRole('option').first().click();

    // a row needs an address and an image before another can be added
    const addSpot = dialog.getByRole('button', { name: 'Add another spot' });
    await expect(addSpot.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Address').fill('istanb');
    await page.getByRole('option', { name: 'Istanbul, Istanbul, Türkiye' }).click();
    await dialog.getByText('Address or Images cannot be empty').waitFor();
    await dialog.getByLabel('Image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('File type is not supported').waitFor();
    await dialog.getByLabel('Image').setInputFiles({ name: 'bosphorus.png', mimeType: 'image/png', buffer: await png('#ff8800') });
    await expect(addSpot.isDisabled()).resolves.toBe(false);
    await screenshot(page, 'post-add-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Post has been added Successfully').waitFor();

    await search(page, 'Search for Title, Description and Status', 'bosphorus');
    const row = page.getByRole('row').filter({ hasText: 'Sunset over the Bosphorus' });
    await row.getByText('Demo User').waitFor();
    const saved = await server.ctx.db
      .selectFrom('posts')
      .innerJoin('post_spots', 'post_spots.post_id', 'posts.id')
      .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
      .select(['posts.itinerary_date', 'spots.name', 'spots.city', 'spots.image'])
      .where('posts.title', '=', 'Sunset over the Bosphorus')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ itinerary_date: '2026-05-20T19:30:00.000Z', name: 'Istanbul', city: 'Istanbul' });
    expect(saved.image).toMatch(/^\/uploads\/spots\/.+\.png$/);
  });

  it("lets a Post-list-only Sub-Admin add a post: the pickers offer names, and no user's email reaches the page", async () => {
    const { page, server } = suite;
    const { db } = server.ctx;
    // the demo Sub-Admin without User-list: the users list is only its post form's picker
    const sub = await db.selectFrom('users').select('id').where('email', '=', 'subadmin@example.com').executeTakeFirstOrThrow();
    const userList = await db.selectFrom('permissions').select('id').where('name', '=', 'User-list').executeTakeFirstOrThrow();
    await db.deleteFrom('user_permissions').where('user_id', '=', sub.id).where('permission_id', '=', userList.id).execute();
    try {
      await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
      await page.waitForURL('**/dashboard');
      await page.goto(`${server.baseUrl}/post`);
      await page.getByRole('columnheader', { name: 'Post Image' }).first().waitFor();
      await page.getByRole('button', { name: 'Add Post' }).click();
      const dialog = page.getByRole('dialog');
      const picked = page.waitForResponse((res) => res.url().includes('/api/user?') && res.url().includes('filter=Demo'));
      await dialog.getByLabel('User').fill('Demo');
      const rows = (await (await picked).json()).data.data as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
      await page.getByRole('option', { name: 'Demo User' }).click();
      await dialog.getByLabel('Title').fill('A picker-only post');
      await dialog.getByLabel('Post Date').fill('05/21/2026 10:00 AM');
      await dialog.getByLabel('Categories').click();
      await page.getByRole('option').first().click();
      await dialog.getByLabel('Address').fill('istanb');
      // the town, not the spot an earlier test may have made of it (listed first): without Spot-list the
      // form may not give an existing spot a new picture
      await page.getByRole('option', { name: 'Istanbul, Istanbul, Türkiye' }).last().click();
      await dialog.getByLabel('Image').setInputFiles({ name: 'picker.png', mimeType: 'image/png', buffer: await png('#446688') });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post has been added Successfully').waitFor();
      const saved = await db.selectFrom('posts').innerJoin('users', 'users.id', 'posts.user_id').select('users.email').where('posts.title', '=', 'A picker-only post').executeTakeFirstOrThrow();
      expect(saved.email).toBe('user@example.com');
    } finally {
      await db.insertInto('user_permissions').values({ user_id: sub.id, permission_id: userList.id }).execute();
    }
  });

  it('opens the image slider, moves with the keyboard, and loads only the images near the shown one', async () => {
    const { page } = suite;
    const stops = ['Bursa', 'Bolu', 'Sinop', 'Rize', 'Kars', 'Mardin', 'Muğla'].map((name, i) => ({ name, lat: 37 + i * 0.5, lng: 28 + i }));
    await makePost('Seven stops across Anatolia', 'post', stops);
    await openList(page, '/post', 'Post Image');
    await search(page, 'Search for Title, Description and Status', 'seven stops');
    await page.getByRole('button', { name: 'Show the images of Seven stops across Anatolia' }).click();
    const slider = page.getByRole('dialog', { name: 'Images' });
    await slider.getByText('Bursa · 1 / 7').waitFor();
    // shown, two after, two before (wrapping round): 5 of 7 in the page
    await expect(slider.locator('img[data-slide]').count()).resolves.toBe(5);
    await page.keyboard.press('ArrowRight');
    await slider.getByText('Bolu · 2 / 7').waitFor();
    await page.keyboard.press('End');
    await slider.getByText('Muğla · 7 / 7').waitFor();
    await slider.getByRole('button', { name: 'Next image' }).click();
    await slider.getByText('Bursa · 1 / 7').waitFor();
    await screenshot(page, 'post-slider-en');
    await page.keyboard.press('Escape');
    await slider.waitFor({ state: 'detached' });
  });

  it('links an Active spot to its post, and says an Inactive one is inactive for 3 seconds', async () => {
    const { page, server } = suite;
    const postId = await makePost('Black Sea tea gardens', 'post', [{ name: 'Çaykur Garden', lat: 41.02, lng: 40.52 }, { name: 'Uzungöl Lake', lat: 40.62, lng: 40.29 }]);
    await server.ctx.db.updateTable('spots').set({ status: 'Inactive' }).where('name', '=', 'Uzungöl Lake').execute();
    await openList(page, '/spot', 'Spot Image');
    await search(page, 'Search for Spot Name, Country and Created By', 'garden');
    const active = page.getByRole('row').filter({ hasText: 'Çaykur Garden' }).getByRole('link', { name: `Post #${postId}` });
    await expect(active.getAttribute('href')).resolves.toBe(`/post/${postId}`);
    await expect(active.getAttribute('target')).resolves.toBe('_blank');

    await search(page, 'Search for Spot Name, Country and Created By', 'uzungöl');
    await page.getByRole('row').filter({ hasText: 'Uzungöl Lake' }).getByRole('button', { name: `Post #${postId}` }).click();
    const note = page.getByText('This Spot is Inactive.');
    await note.waitFor();
    await screenshot(page, 'spot-inactive-en');
    await note.waitFor({ state: 'hidden', timeout: 4500 });
  });

  it('adds a spot through place autocomplete and edits its status', async () => {
    const { page } = suite;
    await openList(page, '/spot', 'Spot Image');
    await page.getByRole('button', { name: 'Add Spot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Spot Name').fill('trabz');
    await page.getByRole('option', { name: /^Trabzon, Trabzon, Türkiye/ }).click();
    await dialog.getByTestId('spot-place').getByText(/Trabzon, Trabzon, Türkiye/).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Spot has been added Successfully').waitFor();
    await search(page, 'Search for Spot Name, Country and Created By', 'trabzon');
    const row = page.getByRole('row').filter({ hasText: 'Admin' }).filter({ hasText: 'Trabzon' }).first();
    await row.getByText('Türkiye').waitFor();
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Spot has been updated Successfully').waitFor();
    await row.getByText('Inactive').waitFor();
  });

  it('offers a spot that exists instead of a copy: Add Spot names it, the post address links it with its picture', async () => {
    const { page, server } = suite;
    const { db } = server.ctx;
    await makePost('Tower views', 'post', [{ name: 'Galata Tower', lat: 41.0256, lng: 28.9742 }]);
    const copies = () => db.selectFrom('spots').select(['id', 'image']).where('name', '=', 'Galata Tower').execute();
    const [tower] = await copies();

    await openList(page, '/spot', 'Spot Image');
    await page.getByRole('button', { name: 'Add Spot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Spot Name').fill('galata tow');
    await page.getByRole('option', { name: /^Galata Tower/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This place is already a spot: Galata Tower, within 100 m. Use that spot instead of adding a copy.').waitFor();
    expect(await copies()).toHaveLength(1);

    await page.goto(`${server.baseUrl}/post`);
    await page.getByRole('button', { name: 'Add Post' }).click();
    await dialog.getByLabel('User').fill('Demo');
    await page.getByRole('option', { name: 'Demo User' }).click();
    await dialog.getByLabel('Title').fill('Up the tower again');
    await dialog.getByLabel('Post Date').fill('06/02/2026 10:00');
    await dialog.getByLabel('Address').fill('galata tow');
    await page.getByRole('option', { name: /^Galata Tower/ }).click();
    // the row is that spot: its picture is shown and nothing else is needed before the next row
    await dialog.locator(`img[src="${tower.image}"]`).waitFor();
    await expect(dialog.getByRole('button', { name: 'Add another spot' }).isDisabled()).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Post has been added Successfully').waitFor();
    const linked = await db
      .selectFrom('posts')
      .innerJoin('post_spots', 'post_spots.post_id', 'posts.id')
      .select('post_spots.spot_id')
      .where('posts.title', '=', 'Up the tower again')
      .executeTakeFirstOrThrow();
    expect(linked.spot_id).toBe(tower.id);
    expect(await copies()).toHaveLength(1);
  });

  it('shows an itinerary with its stops in date order and the route drawn without internet', async () => {
    const { page, server } = suite;
    const id = await makePost('Cappadocia to the coast', 'itinerary', [
      { name: 'Antalya', lat: 36.89, lng: 30.71, date: '2026-07-03 09:00:00' },
      { name: 'Göreme', lat: 38.64, lng: 34.83, date: '2026-07-01 09:00:00' },
      { name: 'Konya', lat: 37.87, lng: 32.48, date: '2026-07-02 09:00:00' },
    ]);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/itinerary/${id}`);
    await page.getByRole('heading', { name: 'Cappadocia to the coast' }).waitFor();
    const stops = page.getByRole('list', { name: 'Spots' }).getByRole('listitem');
    await expect(stops.allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Göreme'),
      expect.stringContaining('Konya'),
      expect.stringContaining('Antalya'),
    ]);
    await expect(page.getByTestId('stop-date').allInnerTexts()).resolves.toEqual(['07/01/2026', '07/02/2026', '07/03/2026']);
    const plot = page.getByRole('img', { name: 'Route: Göreme → Konya → Antalya' });
    await expect(plot.locator('[data-stop]').count()).resolves.toBe(3);
    await screenshot(page, 'itinerary-detail-en');

    await page.goto(`${server.baseUrl}/itinerary`);
    await search(page, 'Search for Itinerary Name, Description, and Created by', 'cappadocia');
    const row = page.getByRole('row').filter({ hasText: 'Cappadocia to the coast' });
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['Yes']));
  });

  it('edits a post: the dialog opens with its spots, a spot is added, the title changes', async () => {
    const { page, server } = suite;
    const id = await makePost('Bursa green mosque', 'post', [{ name: 'Bursa', lat: 40.18, lng: 29.06 }]);
    await openList(page, '/post', 'Post Image');
    await search(page, 'Search for Title, Description and Status', 'green mosque');
    await page.getByRole('row').filter({ hasText: 'Bursa green mosque' }).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('Bursa green mosque');
    await expect(dialog.getByLabel('Address').inputValue()).resolves.toBe('Bursa');
    await dialog.getByLabel('Title').fill('Bursa: the green mosque and the silk market');
    await dialog.getByRole('button', { name: 'Add another spot' }).click();
    await dialog.getByLabel('Address').nth(1).fill('iznik');
    await page.getByRole('option', { name: /^İznik, Bursa, Türkiye/ }).click();
    await dialog.getByLabel('Image').nth(1).setInputFiles({ name: 'iznik.png', mimeType: 'image/png', buffer: await png('#2266aa') });
    await screenshot(page, 'post-edit-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Post has been updated Successfully').waitFor();
    const spots = await server.ctx.db
      .selectFrom('post_spots')
      .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
      .select('spots.name')
      .where('post_spots.post_id', '=', id)
      .orderBy('post_spots.position')
      .execute();
    expect(spots.map((s) => s.name)).toEqual(['Bursa', 'İznik']);
  });

  it('deletes a post from its detail page and returns to the list', async () => {
    const { page, server } = suite;
    const id = await makePost('A post to remove', 'post', [{ name: 'Edirne', lat: 41.67, lng: 26.56 }]);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/post/${id}`);
    await page.getByRole('heading', { name: 'A post to remove' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this post ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Post has been Deleted Successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/post');
    const row = await server.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeTruthy();
  });
});
