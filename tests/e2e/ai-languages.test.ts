// AI itineraries in Turkish and Arabic: the query is understood in the staff member's language, the
// day titles are worded in it, and a day never lists the same spot twice.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/**
 * Spots around Istanbul in posts of a 'Bazaars' category. The market is there twice (two users
 * added it, 20 m apart): a suggestion must list it once.
 */
const ISTANBUL = [
  { name: 'Istanbul Grand Market', lat: 41.0107, lng: 28.968, posts: 4 },
  { name: 'Istanbul Grand Market', lat: 41.0108, lng: 28.9682, posts: 3 },
  { name: 'Spice Bazaar', lat: 41.0166, lng: 28.9706, posts: 2 },
  { name: 'Hagia Sophia', lat: 41.0086, lng: 28.9802, posts: 2 },
  { name: 'Topkapı Palace', lat: 41.0115, lng: 28.9834, posts: 1 },
  { name: 'Galata Tower', lat: 41.0256, lng: 28.9741, posts: 1 },
  { name: 'İstiklal Avenue', lat: 41.0335, lng: 28.9777, posts: 1 },
  { name: 'Kadıköy Market', lat: 40.9903, lng: 29.0246, posts: 2 },
  { name: 'Moda Seaside Park', lat: 40.9794, lng: 29.0258, posts: 1 },
  { name: 'Çamlıca Hill', lat: 41.0273, lng: 29.0686, posts: 1 },
  { name: 'Maiden Tower', lat: 41.0211, lng: 29.0041, posts: 1 },
];

async function openIn(page: Page, language: 'Türkçe' | 'العربية') {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  // react-admin's language button is named by the current language
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: language }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language === 'Türkçe' ? 'tr' : 'ar');
  await page.goto(`${suite.server.baseUrl}/aiItineraries`);
}

/** The stop names of a day card, in order. */
async function stopsOf(day: Locator): Promise<string[]> {
  const items = await day.getByRole('listitem').allInnerTexts();
  return items.map((t) => t.split('\n')[0].replace(/^\d+\.\s*/, '').trim());
}

async function expectThreeDays(page: Page, title: (day: number) => string) {
  const all: string[] = [];
  for (const day of [1, 2, 3]) {
    const card = page.getByRole('region', { name: title(day), exact: true });
    await card.waitFor();
    const stops = await stopsOf(card);
    expect(stops.length).toBeGreaterThan(0);
    expect(new Set(stops).size, `day ${day}: ${stops.join(', ')}`).toBe(stops.length);
    all.push(...stops);
  }
  await expect(page.getByRole('region', { name: title(4), exact: true }).count()).resolves.toBe(0);
  // the market added twice shows once in the whole trip
  expect(all.filter((name) => name === 'Istanbul Grand Market')).toHaveLength(1);
}

describe('AI itineraries in Turkish and Arabic', () => {
  beforeAll(async () => {
    const { db } = suite.server.ctx;
    const stamp = new Date().toISOString();
    const owner = await db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const category = await db
      .insertInto('categories')
      .values({ name: 'Bazaars', name_key: 'bazaars', status: 'Active', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of ISTANBUL) {
      const spot = await db
        .insertInto('spots')
        .values({ user_id: owner.id, name: s.name, status: 'Active', address: null, city: 'Istanbul', state: 'İstanbul', country: 'Türkiye', post_code: null, latitude: s.lat, longitude: s.lng, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < s.posts; i++) {
        const post = await db
          .insertInto('posts')
          .values({ type: 'post', user_id: owner.id, title: `At ${s.name} ${i}`, description: null, latitude: s.lat, longitude: s.lng, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('post_spots').values({ post_id: post.id, spot_id: spot.id, position: 0, itinerary_date: null }).execute();
        await db.insertInto('post_categories').values({ post_id: post.id, category_id: category.id }).execute();
      }
    }
  });

  it("understands \"İstanbul'da 3 gün\" in Turkish and titles the days in Turkish", async () => {
    const { page } = suite;
    await openIn(page, 'Türkçe');
    await page.getByLabel('Tercih kategorileri').fill('Baza');
    await page.getByRole('option', { name: 'Bazaars' }).click();
    const field = page.getByLabel('Gezi planı arama');
    // a refusal is worded in Turkish too
    await field.fill("Atlantisköyü'nde 2 gün");
    await field.press('Enter');
    await page.getByText('Gezi planı önerilemiyor: "Atlantisköyü" bilinen bir yer değil.').waitFor();
    await field.fill("İstanbul'da 3 gün");
    await field.press('Enter');
    await expectThreeDays(page, (day) => `İstanbul, ${day}. gün / 3`);
    await screenshot(page, 'ai-itineraries-tr');
  });

  it('understands "3 أيام في إسطنبول" in Arabic, titles the days in Arabic and keeps the typed text in its own direction', async () => {
    const { page } = suite;
    await openIn(page, 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByLabel('الفئات المفضلة').fill('Baza');
    await page.getByRole('option', { name: 'Bazaars' }).click();
    const field = page.getByLabel('البحث عن خطة رحلة');
    await expect(field.getAttribute('dir')).resolves.toBe('auto');
    await field.fill('3 أيام في إسطنبول');
    await field.press('Enter');
    await expectThreeDays(page, (day) => `إسطنبول، اليوم ${day} من 3`);
    // the stop names are isolated from the right-to-left text around them
    await expect(page.locator('section bdi').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'ai-itineraries-ar');
  });
});
