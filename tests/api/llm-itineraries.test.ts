// AI itineraries planned by an AI model (LLM_BASE_URL), against a local fake chat-completions server:
// the model chooses and orders the engine's spots and titles the days; anything it gets wrong, late or
// refused, and the engine plans instead, the answer saying so. Without LLM_BASE_URL nothing is called.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { ISTANBUL_SPOTS, seedIstanbul } from '../support/istanbul';
import { type FakeLlm, planOf, startFakeLlm } from '../support/fakeLlm';
import { jsonText, llmPlanner, MAX_ANSWER_BYTES, MAX_TITLE_LENGTH, readPlan, shortTitle } from '@server/suggest/llm';
import type { Candidate } from '@server/suggest/engine';

const PASSWORD = 'Str0ng@Pass';
const API_KEY = 'sk-test-secret-key';
const MODEL = 'fake-model';


interface Day {
  title: string;
  day: number;
  days: number;
  plannedBy: string;
  llmModel?: string;
  llmFallback?: string;
  postSpot: { spot: { id: number; name: string; latitude: number } }[];
}
const idsOf = (day: Day) => day.postSpot.map((p) => p.spot.id);
/** A day without who planned it, to compare a fallback with the engine's own answer. */
const planOnly = ({ plannedBy: _by, llmModel: _model, llmFallback: _fallback, ...day }: Day) => day;

describe.each(dialects)('itineraries planned by an AI model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeLlm;
  let admin: string;
  const categoryIds: Record<string, number> = {};
  /** the engine's answer to the search the tests ask, without a model */
  let engineDays: Day[];

  const useModel = (timeoutMs = 2000, apiKey: string | null = API_KEY) => {
    t.config.llm = { baseUrl: fake.url, apiKey: apiKey ?? undefined, model: MODEL, timeoutMs };
  };
  const ask = async (search = '2 days in Istanbul', lang = 'en') => {
    const res = await t.app.inject({
      url: `/api/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify([categoryIds.History]))}&search=${encodeURIComponent(search)}&isAdminPanel=true&lang=${lang}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as Day[];
  };

  /** the server's log lines (at its default level, warn) */
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startTestApp(dialect, {}, { logStream: { write: (line) => void logged.push(line) } });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    Object.assign(categoryIds, await seedIstanbul(t, PASSWORD));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    t.config.llm = undefined;
    fake.requests.length = 0;
  });

  it('plans with the engine and calls nothing when no model is configured (the default)', async () => {
    fake.answer((r) => ({ content: JSON.stringify(planOf(r.trip)) }));
    engineDays = await ask();
    expect(engineDays.map((d) => d.title)).toEqual(['Istanbul, day 1 of 2', 'Istanbul, day 2 of 2']);
    for (const day of engineDays) {
      expect(day.plannedBy).toBe('engine');
      expect(day).not.toHaveProperty('llmModel');
      expect(day).not.toHaveProperty('llmFallback');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("answers the model's days, titles and order, and asks it with the engine's spots, the model and the key", async () => {
    useModel();
    // the spots by name, backwards: an order the engine would not choose
    const byNameDesc = <T extends { name: string }>(spots: T[]) => [...spots].sort((a, b) => b.name.localeCompare(a.name, 'en'));
    fake.answer((r) => ({ content: JSON.stringify(planOf(r.trip, byNameDesc)) }));
    const days = await ask();
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    const wanted = planOf(request.trip, byNameDesc);
    expect(days.map((d) => d.title)).toEqual(wanted.days.map((d) => d.title));
    expect(days.map(idsOf)).toEqual(wanted.days.map((d) => d.spotIds));
    for (const day of days) expect(day).toMatchObject({ plannedBy: 'llm', llmModel: MODEL, days: 2, place: 'Istanbul' });
    expect(days[0]).not.toHaveProperty('llmFallback');
    expect(days[0].postSpot[0].spot).toMatchObject({ latitude: expect.any(Number), city: 'Istanbul', country: 'Türkiye' });

    // the request: the configured path, model and key, JSON asked for, a low temperature
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({ model: MODEL, response_format: { type: 'json_object' } });
    expect(request.body.temperature).toBeLessThanOrEqual(0.3);
    // the prompt: every spot the engine chose among the candidates, with what the model needs about each
    expect(request.trip).toMatchObject({ place: 'Istanbul', days: 2, language: 'English', preferredCategories: ['History'] });
    const offered = new Map(request.trip.spots.map((s) => [s.id, s]));
    for (const id of engineDays.flatMap(idsOf)) expect(offered.has(id)).toBe(true);
    expect(offered.size).toBe(ISTANBUL_SPOTS.length);
    const hagia = request.trip.spots.find((s) => s.name === 'Hagia Sophia Museum');
    expect(hagia).toMatchObject({ categories: ['History'], popularity: 3, latitude: 41.0086, longitude: 28.9802 });
    const system = request.body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toMatch(/exactly 2 days/);
    expect(system).toContain('{"days":[{"title":"...","spotIds":[1,2,3]}]}');
  });

  it("asks for titles in the admin's language and takes an answer in a code fence with quoted ids", async () => {
    useModel();
    fake.answer((r) => {
      const plan = planOf(r.trip, (s) => s, 2);
      const quoted = { days: plan.days.map((d, i) => ({ title: `  ${['Tarihi yarımada', 'Boğaz kıyısı'][i]}  `, spotIds: d.spotIds.map(String) })) };
      return { content: `Here you are:\n\`\`\`json\n${JSON.stringify(quoted)}\n\`\`\`` };
    });
    const days = await ask('İstanbul\'da 2 gün', 'tr');
    expect(fake.requests[0].trip).toMatchObject({ language: 'Turkish', place: 'İstanbul' });
    expect(days.map((d) => d.title)).toEqual(['Tarihi yarımada', 'Boğaz kıyısı']);
    expect(days.map((d) => d.plannedBy)).toEqual(['llm', 'llm']);
    expect(days.map(idsOf)).toEqual(planOf(fake.requests[0].trip, (s) => s, 2).days.map((d) => d.spotIds));
  });

  it('sends no Authorization header without LLM_API_KEY', async () => {
    useModel(2000, null);
    fake.answer((r) => ({ content: JSON.stringify(planOf(r.trip)) }));
    expect((await ask())[0].plannedBy).toBe('llm');
    expect(fake.requests[0].headers).not.toHaveProperty('authorization');
  });

  const unusable: [string, string, (trip: ReturnType<typeof planOf> & { ids: number[] }) => { content?: string; body?: string; status?: number }][] = [
    ['text that is not JSON', 'not_json', () => ({ content: 'Sure! Day 1: the Hagia Sophia, then lunch.' })],
    ['a completion that is not JSON', 'not_json', () => ({ body: '<html>Bad gateway</html>' })],
    ['a completion without choices', 'wrong_shape', () => ({ body: JSON.stringify({ error: 'overloaded' }) })],
    ['JSON of the wrong shape', 'wrong_shape', () => ({ content: JSON.stringify({ itinerary: [{ name: 'Day 1', stops: ['Hagia Sophia'] }] }) })],
    ['a day without a title', 'wrong_shape', (p) => ({ content: JSON.stringify({ days: p.days.map((d) => ({ ...d, title: '  ' })) }) })],
    ['an empty day', 'wrong_shape', (p) => ({ content: JSON.stringify({ days: [p.days[0], { title: 'Rest', spotIds: [] }] }) })],
    ['one day too few', 'wrong_shape', (p) => ({ content: JSON.stringify({ days: p.days.slice(0, 1) }) })],
    ['a spot that was not offered', 'unknown_spot', (p) => ({ content: JSON.stringify({ days: [p.days[0], { title: 'Galata', spotIds: [Math.max(...p.ids) + 1000] }] }) })],
    ['a spot twice', 'repeated_spot', (p) => ({ content: JSON.stringify({ days: [p.days[0], { title: 'Again', spotIds: [p.days[0].spotIds[0]] }] }) })],
    ['an HTTP 500', 'http_error', () => ({ status: 500, body: JSON.stringify({ error: { message: 'internal error' } }) })],
    ['an HTTP 401', 'http_error', () => ({ status: 401, body: JSON.stringify({ error: { message: 'bad key' } }) })],
  ];
  it.each(unusable)("falls back to the engine on %s (llmFallback '%s'), the answer complete", async (_name, reason, answer) => {
    useModel();
    fake.answer((r) => answer({ ...planOf(r.trip), ids: r.trip.spots.map((s) => s.id) }));
    const days = await ask();
    expect(fake.requests).toHaveLength(1);
    for (const day of days) {
      expect(day.plannedBy).toBe('engine');
      expect(day.llmFallback).toBe(reason);
      expect(day).not.toHaveProperty('llmModel');
    }
    expect(days.map(planOnly)).toEqual(engineDays.map(planOnly));
  });

  it("falls back when the model is slower than LLM_TIMEOUT_MS, answering within about the timeout, not the model's delay", async () => {
    useModel(300);
    fake.answer((r) => ({ content: JSON.stringify(planOf(r.trip)), delayMs: 5000 }));
    const started = Date.now();
    const days = await ask();
    const elapsed = Date.now() - started;
    expect(days.map((d) => [d.plannedBy, d.llmFallback])).toEqual([
      ['engine', 'timeout'],
      ['engine', 'timeout'],
    ]);
    expect(days.map(planOnly)).toEqual(engineDays.map(planOnly));
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2500);
  });

  it('stops reading an answer past MAX_ANSWER_BYTES and plans with the engine (too_large), the reason logged', async () => {
    useModel(20_000);
    // 64 MB that never ends as JSON: read whole, it would take the server's memory with it
    const size = 64 * 1024 * 1024;
    fake.answer(() => ({ size }));
    logged.length = 0;
    const days = await ask();
    expect(days.map((d) => [d.plannedBy, d.llmFallback])).toEqual([
      ['engine', 'too_large'],
      ['engine', 'too_large'],
    ]);
    expect(days.map(planOnly)).toEqual(engineDays.map(planOnly));
    // the connection was closed early: the model could hand over only a small part of its answer (the
    // cap plus what the sockets and the HTTP client buffer), far from all of it
    const streamed = await fake.requests[0].streamed!;
    expect(streamed.complete).toBe(false);
    expect(streamed.written).toBeLessThan(size / 4);
    expect(logged.join('')).toMatch(/"reason":"too_large"/);
  });

  it('refuses a complete answer longer than MAX_ANSWER_BYTES (too_large)', async () => {
    useModel();
    fake.answer((r) => ({ content: `${JSON.stringify(planOf(r.trip))}${' '.repeat(MAX_ANSWER_BYTES)}` }));
    expect((await ask()).map((d) => d.llmFallback)).toEqual(['too_large', 'too_large']);
  });

  it('never logs LLM_API_KEY, even when the model echoes it in an answer that is not JSON', async () => {
    useModel();
    fake.answer((r) => ({ body: `Unknown key ${String(r.headers.authorization)} (${API_KEY})` }));
    logged.length = 0;
    expect((await ask()).map((d) => d.llmFallback)).toEqual(['not_json', 'not_json']);
    const log = logged.join('');
    expect(log).toMatch(/"reason":"not_json"/);
    expect(log).not.toContain(API_KEY);
  });

  it('falls back when the model cannot be reached', async () => {
    // a port nothing listens on: the fake's, once closed
    const gone = await startFakeLlm();
    await gone.close();
    t.config.llm = { baseUrl: gone.url, apiKey: API_KEY, model: MODEL, timeoutMs: 2000 };
    const days = await ask();
    expect(days.map((d) => d.llmFallback)).toEqual(['unreachable', 'unreachable']);
    expect(days.map(planOnly)).toEqual(engineDays.map(planOnly));
  });

  it('still answers 404 without calling the model when no spot is near', async () => {
    useModel();
    const res = await t.app.inject({ url: `/api/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify([categoryIds.Food]))}&search=${encodeURIComponent('2 days in Reykjavik')}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('reading the AI model answer', () => {
  const spot = (id: number): Candidate => ({ id, name: `Spot ${id}`, city: null, country: null, latitude: 41 + id / 100, longitude: 29, categoryIds: [], popularity: 0 });
  const offered = [1, 2, 3, 4].map(spot);

  it('keeps the code inside a fence or around some prose', () => {
    expect(jsonText('```json\n{"days":[]}\n```')).toBe('{"days":[]}');
    expect(jsonText('```\n{"a":1}```')).toBe('{"a":1}');
    expect(jsonText('Here is the plan: {"a":{"b":1}} Enjoy!')).toBe('{"a":{"b":1}}');
    expect(jsonText(' {"a":1} ')).toBe('{"a":1}');
  });

  it('cuts long titles at a word and trims them', () => {
    expect(shortTitle('  Old   city  ')).toBe('Old city');
    const long = shortTitle('A walk through the old city, its bazaars, its mosques and its many hidden courtyards');
    expect([...long].length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(long).toMatch(/\w…$/);
  });

  it('keeps the order and the stops of each day, and refuses what is not offered or is repeated', () => {
    const days = readPlan(JSON.stringify({ days: [{ title: 'A', spotIds: [3, 1] }, { title: 'B', spotIds: [4] }] }), offered, 2);
    expect(days.map((d) => [d.day, d.title, d.stops.map((s) => s.id)])).toEqual([
      [1, 'A', [3, 1]],
      [2, 'B', [4]],
    ]);
    const reason = (content: string) => {
      try {
        readPlan(content, offered, 2);
        return 'read';
      } catch (e) {
        return (e as { reason: string }).reason;
      }
    };
    expect(reason('{"days":[{"title":"A","spotIds":[1]},{"title":"B","spotIds":[9]}]}')).toBe('unknown_spot');
    expect(reason('{"days":[{"title":"A","spotIds":[1,1]},{"title":"B","spotIds":[2]}]}')).toBe('repeated_spot');
    expect(reason('{"days":[{"title":"A","spotIds":[1.5]},{"title":"B","spotIds":[2]}]}')).toBe('wrong_shape');
    expect(reason('{"days":[{"title":"A","spotIds":[1]},{"title":"B","spotIds":[2]},{"title":"C","spotIds":[3]}]}')).toBe('wrong_shape');
    expect(reason('{"days":')).toBe('not_json');
  });

  const echoes: [string, string, (authorization: string) => { status?: number; body?: string; content?: string }][] = [
    ['an HTTP error', 'http_error', () => ({ status: 503, body: `{"error":"key ${API_KEY} refused"}` })],
    ['a completion that is not JSON', 'not_json', (authorization) => ({ body: `Invalid header ${authorization}: ${API_KEY}` })],
    ['a message that is not JSON', 'not_json', (authorization) => ({ content: `I cannot use ${API_KEY} (${authorization})` })],
  ];
  it.each(echoes)('logs why at warn, never the key, when the model echoes it in %s', async (_name, reason, echo) => {
    const fake = await startFakeLlm();
    try {
      fake.answer((r) => echo(String(r.headers.authorization)));
      const logged: string[] = [];
      const planner = llmPlanner({ baseUrl: fake.url, apiKey: API_KEY, model: MODEL, timeoutMs: 2000 });
      const request = { spots: offered, center: { latitude: 41.02, longitude: 29 }, days: 2, preferredCategoryIds: [], lang: 'en' as const, place: 'Istanbul', themes: [], categoryNames: async () => new Map<number, string>() };
      const plan = await planner.plan(request, { warn: (details, message) => logged.push(JSON.stringify({ details, message })) });
      expect(plan).toMatchObject({ plannedBy: 'engine', fallback: reason });
      expect(plan.days.length).toBe(2);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(reason);
      if (reason === 'http_error') expect(logged[0]).toContain('503');
      expect(logged[0]).not.toContain(API_KEY);
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    } finally {
      await fake.close();
    }
  });
});
