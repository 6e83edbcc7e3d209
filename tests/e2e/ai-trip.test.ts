// Issue 32, the AI tools, places and spots as staff see them (EN/TR/AR, desktop): a whole AI trip saved
// as one itinerary (M11), Active categories in a picker that stays open (m16), the page kept across a
// language switch (m17), place search in Arabic marking known spots (m18), readable route names inside
// the plot (m19), no band above the stops (p14), Add Spot for a place the gazetteer lacks (M12), the spot
// preview (m30) and placeholder (p2), and the post form's address and picture checks (m15).
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, screenshot, signIn, useBrowserSuite } from '../support/e2e';
import { seedTown } from '../support/town';

const suite = useBrowserSuite();

const ISTANBUL = [
  { name: 'Grand Market Hall', lat: 41.0107, lng: 28.968 },
  { name: 'Spice Bazaar', lat: 41.0166, lng: 28.9706 },
  { name: 'Hagia Sophia', lat: 41.0086, lng: 28.9802 },
  { name: 'Topkapı Palace', lat: 41.0115, lng: 28.9834 },
  { name: 'Galata Tower', lat: 41.0256, lng: 28.9741 },
  { name: 'İstiklal Avenue', lat: 41.0335, lng: 28.9777 },
  { name: 'Kadıköy Market', lat: 40.9903, lng: 29.0246 },
  { name: 'Moda Seaside Park', lat: 40.9794, lng: 29.0258 },
  { name: 'Çamlıca Hill', lat: 41.0273, lng: 29.0686 },
  { name: 'Ümraniye Lighthouse', lat: 41.02, lng: 29.12 },
];

async function signedIn(page: Page, path: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}${path}`);
}

/** A list's add dialog, opened. */
async function addDialog(page: Page, path: string, button: string) {
  await signedIn(page, path);
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog');
}

async function switchLanguage(page: Page, from: string, to: 'Türkçe' | 'العربية') {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to === 'Türkçe' ? 'tr' : 'ar');
}

describe('AI trips, places and spots', () => {
  beforeAll(async () => {
    const { db } = suite.server.ctx;
    await seedTown(db, { category: 'Old Town Walks', city: 'Istanbul', state: 'İstanbul', spots: ISTANBUL });
    const stamp = new Date().toISOString();
    await db.insertInto('categories').values({ name: 'Old Town Closed', name_key: 'old town closed', status: 'Inactive', created_at: stamp, updated_at: stamp }).execute();
  });

  it('AI Itineraries: Active categories only, the list stays open, the trip is saved as one itinerary with its days, and a capped request is said', async () => {
    const { page } = suite;
    await signedIn(page, '/aiItineraries');
    const picker = page.getByLabel('Preference categories');
    await picker.fill('Old Town');
    await page.getByRole('option', { name: 'Old Town Walks' }).waitFor();
    await expect(page.getByRole('option', { name: 'Old Town Closed' }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Old Town Walks' }).click();
    // still open after a pick
    await expect(page.getByRole('listbox').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');

    await page.getByLabel('Itinerary search').fill('10 days in Istanbul');
    await page.getByLabel('Itinerary search').press('Enter');
    await page.getByText(/You asked for 10 days: a trip is planned for at most 7 days, so \d days are suggested\./).waitFor();

    await page.getByLabel('Itinerary search').fill('3 days in Istanbul');
    await page.getByLabel('Itinerary search').press('Enter');
    const days = [1, 2, 3].map((d) => page.getByRole('region', { name: `Istanbul, day ${d} of 3`, exact: true }));
    await days[2].waitFor();
    const sizes = await Promise.all(days.map((d) => d.getByRole('listitem').count()));
    expect(Math.max(...sizes) - Math.min(...sizes), sizes.join('/')).toBeLessThanOrEqual(1);
    await expect(page.getByText(/You asked for/).count()).resolves.toBe(0);

    // p14: the stop count sits right above the stops
    const band = await days[0].evaluate((card) => {
      const count = card.querySelector('.MuiCardHeader-subheader')!.getBoundingClientRect();
      const first = card.querySelector('li')!.getBoundingClientRect();
      return first.top - count.bottom;
    });
    expect(band).toBeLessThan(24);

    // m19: the names are at least 11 px on screen, inside the plot, apart from each other
    const labels = await days[0].getByTestId('route-plot').evaluate((svg) => {
      const plot = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text[data-label]')].map((t) => {
        const b = t.getBoundingClientRect();
        return { size: Number.parseFloat(getComputedStyle(t).fontSize) * (plot.width / (svg as SVGSVGElement).viewBox.baseVal.width), left: b.left - plot.left, right: plot.right - b.right, top: b.top - plot.top, bottom: plot.bottom - b.bottom, b: { l: b.left, r: b.right, t: b.top, btm: b.bottom } };
      });
    });
    for (const l of labels) {
      expect(l.size).toBeGreaterThanOrEqual(11);
      expect(Math.min(l.left, l.right, l.top, l.bottom)).toBeGreaterThanOrEqual(0);
    }
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) expect(a.b.r <= b.b.l || b.b.r <= a.b.l || a.b.btm <= b.b.t || b.b.btm <= a.b.t).toBe(true);
    }
    await screenshot(page, 'ai-trip-en');

    await page.getByRole('button', { name: 'Save trip' }).click();
    await page.getByText('Search Results have been saved Successfully').waitFor();
    await page.getByRole('button', { name: 'Trip saved' }).waitFor();
    const { db } = suite.server.ctx;
    const saved = await db.selectFrom('posts').select(['id', 'title', 'description']).where('title', '=', 'Istanbul, 3 days').execute();
    expect(saved).toHaveLength(1);
    expect(saved[0].description).toMatch(/^Day 1: .+\r?\nDay 2: .+\r?\nDay 3: .+$/);
    const dates = await db.selectFrom('post_spots').select('itinerary_date').where('post_id', '=', saved[0].id).execute();
    expect(new Set(dates.map((d) => String(d.itinerary_date).slice(0, 10))).size).toBe(3);
    await expect(db.selectFrom('posts').select('id').where('title', 'like', 'Istanbul, day %').execute()).resolves.toHaveLength(0);

    // m17: Arabic keeps the chosen category, the search and the days found, and says the cap in Arabic
    await switchLanguage(page, 'English', 'العربية');
    await page.getByRole('button', { name: 'Old Town Walks' }).waitFor();
    await expect(page.getByLabel('البحث عن خطة رحلة').inputValue()).resolves.toBe('3 days in Istanbul');
    await page.getByRole('region', { name: 'إسطنبول، اليوم 1 من 3', exact: true }).waitFor();
    await page.getByLabel('البحث عن خطة رحلة').fill('10 أيام في إسطنبول');
    await page.getByLabel('البحث عن خطة رحلة').press('Enter');
    await page.getByText(/طلبت 10 يومًا/).waitFor();
    // the names stay inside the plot in Arabic too
    const edges = await page.getByTestId('route-plot').first().evaluate((svg) => {
      const plot = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text[data-label]')].map((t) => {
        const b = t.getBoundingClientRect();
        return Math.min(b.left - plot.left, plot.right - b.right);
      });
    });
    for (const e of edges) expect(e).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'ai-trip-ar');
    // and in Turkish: the same days, the cap and the trip's button in Turkish
    await switchLanguage(page, 'العربية', 'Türkçe');
    await page.getByText(/10 gün istediniz: bir gezi en fazla 7 gün için planlanır/).waitFor();
    await page.getByRole('button', { name: 'Geziyi kaydet' }).waitFor();
  });

  it('AI Chat finds places typed in Arabic and marks the ones that are spots already', async () => {
    const { page } = suite;
    await signedIn(page, '/chat');
    await page.getByLabel('Place types').click();
    await page.getByRole('option', { name: 'Shopping' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Place name').fill('إسطنبول');
    await page.getByLabel('Place name').press('Enter');
    const results = page.getByRole('list', { name: 'Places found' });
    const market = results.getByRole('listitem').filter({ hasText: 'Spice Bazaar' });
    await market.waitFor();
    await market.getByText('Already a spot').waitFor();
    await screenshot(page, 'ai-chat-arabic-place');
  });

  it('Add Spot: a place the suggestions lack says so, and is added with typed coordinates; no picture shows a landscape; a picture opens with a close and the name', async () => {
    const { page } = suite;
    const dialog = await addDialog(page, '/spot', 'Add Spot');
    await dialog.getByLabel('Spot Name').fill('Kapalı Çarşı Gate 7');
    await page.getByRole('option', { name: 'No places found' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please choose a place from the suggestions.').waitFor();
    await dialog.getByLabel('Latitude').fill('91');
    await dialog.getByLabel('Longitude').fill('28.968');
    await dialog.getByText('The latitude must be a number from -90 to 90.').waitFor();
    await dialog.getByLabel('Latitude').fill('41.0107');
    await screenshot(page, 'spot-typed-coordinates');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Spot has been added Successfully').waitFor();
    const spot = await suite.server.ctx.db.selectFrom('spots').select(['latitude', 'longitude']).where('name', '=', 'Kapalı Çarşı Gate 7').executeTakeFirstOrThrow();
    expect(spot).toEqual({ latitude: 41.0107, longitude: 28.968 });

    // p2: the new spot has no picture: a landscape, not a person
    await page.getByPlaceholder('Search for Spot Name, Country and Created By').fill('Gate 7');
    const row = page.getByRole('row').filter({ hasText: 'Kapalı Çarşı Gate 7' });
    await row.waitFor();
    await screenshot(page, 'spot-no-picture');
    // the placeholder is a landscape drawing (Avatar's own fallback is a person)
    await expect(row.getByTestId('spot-no-image').locator('svg').count()).resolves.toBe(1);

    // m30: a spot with a picture opens with a close button and its name
    const { db } = suite.server.ctx;
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const stored = await suite.server.ctx.storage.save(bytes, 'spots', ['png']);
    await db.updateTable('spots').set({ image: stored.url, thumbnail_url: stored.thumbnailUrl }).where('name', '=', 'Galata Tower').execute();
    await page.getByPlaceholder('Search for Spot Name, Country and Created By').fill('Galata');
    await page.getByRole('button', { name: /^(?!Actions for).*Galata Tower/ }).click();
    const preview = page.getByRole('dialog');
    await preview.getByText(/Galata Tower/).waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('post form: the address error clears once a place is chosen; a text file named .png is refused under its row on selection; only Active categories', async () => {
    const { page } = suite;
    const dialog = await addDialog(page, '/post', 'Add Post');
    await dialog.getByLabel('Categories').fill('Old Town');
    await page.getByRole('option', { name: 'Old Town Walks' }).waitFor();
    await expect(page.getByRole('option', { name: 'Old Town Closed' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    // typed, left (the error shows), then chosen: the error goes
    await dialog.getByLabel('Address').fill('istanb');
    await dialog.getByLabel('Title').click();
    await dialog.getByText('Please Enter Address').waitFor();
    await dialog.getByLabel('Address').click();
    await page.getByRole('option', { name: 'Istanbul, Istanbul, Türkiye' }).click();
    await dialog.getByText('Please Enter Address').waitFor({ state: 'detached' });
    await dialog.getByLabel('Image').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    const row = dialog.locator('.RaSimpleFormIterator-line').first();
    await row.getByText('File type is not supported').waitFor();
    await screenshot(page, 'post-text-as-png');
  });

  it("post form of a Sub-Admin without Categories-list (a picker-only read): only Active categories", async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/post`);
    await page.getByRole('button', { name: 'Add Post' }).click();
    await page.getByRole('dialog').getByLabel('Categories').fill('Old Town');
    await page.getByRole('option', { name: 'Old Town Walks' }).waitFor();
    await expect(page.getByRole('option', { name: 'Old Town Closed' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
  });
});
