import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';
import { seedTown } from '../support/town';

const suite = useBrowserSuite();

/** Spots around İzmir in posts of a 'Seaside' category, for a deterministic suggestion. */
const IZMIR = [
  { name: 'Kordon Promenade', lat: 38.4337, lng: 27.1403 },
  { name: 'Clock Tower Square', lat: 38.4189, lng: 27.1287 },
  { name: 'Kemeraltı Bazaar', lat: 38.4183, lng: 27.1335 },
  { name: 'Asansör Lookout', lat: 38.4066, lng: 27.1218 },
  { name: 'Karşıyaka Pier', lat: 38.4556, lng: 27.1113 },
  { name: 'Bostanlı Sunset Park', lat: 38.4592, lng: 27.0936 },
];

async function open(page: Page, path: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}${path}`);
}

describe('place search and AI itineraries', () => {
  beforeAll(async () => {
    await seedTown(suite.server.ctx.db, { category: 'Seaside', city: 'İzmir', state: 'İzmir', spots: IZMIR });
  });

  it('searches towns near İzmir, saves all but the one unticked, and they show in /spot', async () => {
    const { page } = suite;
    await open(page, '/chat');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Please select Place types and Enter place name!').waitFor();
    await page.getByLabel('Place types').click();
    await page.getByRole('option', { name: 'City or Town' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Place name').fill('Izmir');
    await page.getByLabel('Place name').press('Enter');
    const results = page.getByRole('list', { name: 'Places found' });
    await results.getByRole('checkbox').first().waitFor();
    const boxes = results.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBe(20);
    await page.getByRole('button', { name: 'Load More ...' }).waitFor();
    // every result starts ticked; untick the second
    await expect(boxes.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).checked))).resolves.toBe(true);
    const second = (await results.getByRole('listitem').nth(1).innerText()).split('\n')[0];
    const third = (await results.getByRole('listitem').nth(2).innerText()).split('\n')[0];
    await boxes.nth(1).click();
    await page.getByText(`19 of ${count} places selected`).waitFor();
    await screenshot(page, 'ai-chat-en');
    await page.getByRole('button', { name: 'Save selected places' }).click();
    await page.getByText('Please wait for a while, results are being saved!').waitFor();
    await page.getByText('19 places saved, 0 already known.').waitFor();

    const { db } = suite.server.ctx;
    const named = async (name: string) => (await db.selectFrom('spots').select('id').where('name', '=', name).execute()).length;
    await expect(named(third)).resolves.toBe(1);
    await expect(named(second)).resolves.toBe(0);
    await page.goto(`${suite.server.baseUrl}/spot`);
    await page.getByPlaceholder('Search for Spot Name, Country and Created By').fill(third);
    await page.getByRole('row').filter({ hasText: third }).filter({ hasText: 'Admin' }).first().waitFor();
  });

  it('suggests a two-day İzmir trip for a category, saves day 1, and finds it in /itinerary', async () => {
    const { page } = suite;
    await open(page, '/ai-itineraries');
    await page.waitForURL((url) => url.pathname === '/aiItineraries');
    await page.getByLabel('Itinerary search').fill('2 days in Izmir');
    await page.getByLabel('Itinerary search').press('Enter');
    await page.getByText('Please select Preference category and enter itinerary search!').waitFor();
    await page.getByLabel('Preference categories').fill('Seas');
    await page.getByRole('option', { name: 'Seaside' }).click();
    await page.getByLabel('Itinerary search').press('Enter');
    const day1 = page.getByRole('region', { name: 'İzmir, day 1 of 2' });
    await day1.waitFor();
    await page.getByRole('region', { name: 'İzmir, day 2 of 2' }).waitFor();
    await expect(day1.getByRole('img', { name: /^Route: / }).locator('[data-stop]').count()).resolves.toBeGreaterThan(1);
    await screenshot(page, 'ai-itineraries-en');
    await day1.getByRole('button', { name: 'Save itinerary' }).click();
    await page.getByText('Search Results have been saved Successfully').waitFor();
    await day1.getByRole('button', { name: 'Saved' }).waitFor();

    await page.goto(`${suite.server.baseUrl}/itinerary`);
    await page.getByPlaceholder('Search for Itinerary Name, Description, and Created by').fill('day 1 of 2');
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('day 1 of 2'));
    const row = page.getByRole('row').filter({ hasText: 'İzmir, day 1 of 2' });
    // the filtered list: the header and the one saved day
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15000 }).toBe(2);
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL((url) => /^\/itinerary\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'İzmir, day 1 of 2' }).waitFor({ timeout: 30000 });
    await page.getByTestId('route-plot').waitFor();
  });
});
