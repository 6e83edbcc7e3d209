// AI itineraries planned by an AI model: with a (fake) chat-completions server configured, the screen
// shows the model's day titles and says who planned them, and says so too when the model was too slow.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';
import { type FakeLlm, planOf, startFakeLlm } from '../support/fakeLlm';
import { seedTown } from '../support/town';

const suite = useBrowserSuite();
const MODEL = 'fake-model';

/** Spots around Bodrum in posts of a 'Coast' category. */
const BODRUM = [
  { name: 'Bodrum Castle', lat: 37.0319, lng: 27.4292 },
  { name: 'Mausoleum Ruins', lat: 37.0379, lng: 27.4241 },
  { name: 'Bodrum Marina', lat: 37.0343, lng: 27.4215 },
  { name: 'Gümbet Beach', lat: 37.0299, lng: 27.4078 },
  { name: 'Windmills Hill', lat: 37.0327, lng: 27.4139 },
  { name: 'Bitez Bay', lat: 37.0353, lng: 27.3738 },
];

async function search(page: Page, text: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}/aiItineraries`);
  await page.getByLabel('Preference categories').fill('Coa');
  await page.getByRole('option', { name: 'Coast' }).click();
  await page.getByLabel('Itinerary search').fill(text);
  await page.getByLabel('Itinerary search').press('Enter');
}

describe('AI itineraries planned by an AI model', () => {
  let fake: FakeLlm;

  beforeAll(async () => {
    fake = await startFakeLlm();
    const { db, config } = suite.server.ctx;
    // the planner reads the configuration at each request
    config.llm = { baseUrl: fake.url, apiKey: 'sk-e2e', model: MODEL, timeoutMs: 3000 };
    await seedTown(db, { category: 'Coast', city: 'Bodrum', state: 'Muğla', spots: BODRUM });
  });
  afterAll(async () => fake?.close());

  it("shows the model's day titles and stops and says the AI model planned them", async () => {
    const { page } = suite;
    fake.answer((r) => {
      const plan = planOf(r.trip, (spots) => [...spots].sort((a, b) => a.name.localeCompare(b.name, 'en')));
      return { content: JSON.stringify({ days: plan.days.map((d, i) => ({ ...d, title: ['Castle and old harbour', 'Beaches and windmills'][i] })) }) };
    });
    await search(page, '2 days in Bodrum');
    const day1 = page.getByRole('region', { name: 'Castle and old harbour', exact: true });
    await day1.waitFor();
    await page.getByRole('region', { name: 'Beaches and windmills', exact: true }).waitFor();
    // the model's order: by name
    const stops = (await day1.getByRole('listitem').allInnerTexts()).map((t) => t.split('\n')[0].replace(/^\d+\.\s*/, '').trim());
    expect(stops).toEqual(['Bitez Bay', 'Bodrum Castle', 'Bodrum Marina']);
    await page.getByText(`Planned by the AI model (${MODEL})`).waitFor();
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-e2e');
    await screenshot(page, 'ai-itineraries-llm-en');
  });

  it('says when the model did not answer in time and the built-in planner was used', async () => {
    const { page } = suite;
    suite.server.ctx.config.llm = { baseUrl: fake.url, model: MODEL, timeoutMs: 300 };
    fake.answer((r) => ({ content: JSON.stringify(planOf(r.trip)), delayMs: 3000 }));
    await search(page, '2 days in Bodrum');
    await page.getByRole('region', { name: 'Bodrum, day 1 of 2', exact: true }).waitFor();
    await page.getByText('The AI model did not answer in time. Planned by the built-in planner').waitFor();
  });
});
