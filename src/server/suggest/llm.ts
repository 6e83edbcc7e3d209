// The itinerary planner backed by an OpenAI-compatible chat-completions server (LLM_BASE_URL). The
// engine still chooses which spots may be visited (its best ones, with room to leave some out); the
// model only picks among them, splits them into days, orders each day and titles it. Its answer is
// checked before use: a spot it made up or named twice, a wrong number of days, anything late, too long,
// broken or refused, and the engine's own plan is answered instead (the reason logged at warn, without
// the key, and answered).
import { z } from 'zod';
import type { LlmSettings } from '@server/config';
import { redactSecrets, withoutSecrets } from '@server/ops/logging';
import { type Candidate, MAX_DAYS, STOPS_PER_DAY, bestSpots, planTrip } from './engine';
import type { PlaceLanguage } from './places';
import type { ItineraryPlan, ItineraryPlanner, LlmFallback, PlannerLog, PlanRequest, PlannedDay } from './planner';

/** The model is offered this many times the spots the engine itself would use, to choose from. */
export const CHOICE_FACTOR = 2;
/** A day of the model's may hold at most this many stops. */
export const MAX_LLM_STOPS_PER_DAY = 2 * STOPS_PER_DAY;
/** Longer day titles are cut here (at a word when one ends near). */
export const MAX_TITLE_LENGTH = 60;
/** The most of a model's answer that is read: a plan is a few KB; past this the answer is dropped unread. */
export const MAX_ANSWER_BYTES = 256 * 1024;

const LANGUAGE_NAMES: Record<PlaceLanguage, string> = { en: 'English', tr: 'Turkish', ar: 'Arabic' };

/** Why the model's answer was not used; `detail` goes to the log only. */
class Unusable extends Error {
  constructor(
    readonly reason: LlmFallback,
    readonly detail: string,
  ) {
    super(detail);
  }
}

// ids may come quoted ("12"): a model often does that, and the id is still unambiguous
const spotId = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/).transform(Number)]);
const modelAnswer = z.object({
  days: z
    .array(
      z.object({
        title: z.string().trim().min(1),
        spotIds: z.array(spotId).min(1).max(MAX_LLM_STOPS_PER_DAY),
      }),
    )
    .min(1)
    .max(MAX_DAYS),
});
type ModelAnswer = z.infer<typeof modelAnswer>;

// the envelope of a chat completion: only the first choice's text is read
const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

/** A title cut to MAX_TITLE_LENGTH characters, at a space when there is one in its last third. */
export function shortTitle(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const chars = [...plain];
  if (chars.length <= MAX_TITLE_LENGTH) return plain;
  const cut = chars.slice(0, MAX_TITLE_LENGTH - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > (MAX_TITLE_LENGTH * 2) / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The JSON inside a model's text: as is, inside a ``` fence, or the outermost {…} of some prose. */
export function jsonText(content: string): string {
  const text = content.trim();
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?\s*```$/.exec(text);
  if (fenced) return fenced[1].trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}

/**
 * The model's plan checked against the offer: `dayCount` days exactly, each with a title and at least
 * one stop, every id one of the offered spots, no spot twice. Throws Unusable otherwise.
 */
export function readPlan<T extends Candidate>(content: string, offered: readonly T[], dayCount: number): PlannedDay<T>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText(content));
  } catch {
    throw new Unusable('not_json', `not JSON: ${content.slice(0, 80)}`);
  }
  const checked = modelAnswer.safeParse(parsed);
  if (!checked.success) throw new Unusable('wrong_shape', checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ').slice(0, 300));
  const answer: ModelAnswer = checked.data;
  if (answer.days.length !== dayCount) throw new Unusable('wrong_shape', `${answer.days.length} days instead of ${dayCount}`);
  const byId = new Map(offered.map((s) => [s.id, s]));
  const seen = new Set<number>();
  return answer.days.map((day, i) => ({
    day: i + 1,
    title: shortTitle(day.title),
    stops: day.spotIds.map((id) => {
      const spot = byId.get(id);
      if (!spot) throw new Unusable('unknown_spot', `spot ${id} was not offered`);
      if (seen.has(id)) throw new Unusable('repeated_spot', `spot ${id} named twice`);
      seen.add(id);
      return spot;
    }),
  }));
}

/** The chat messages: the rules, then the trip and the offered spots as JSON. */
export async function promptFor<T extends Candidate>(request: PlanRequest<T>, offered: readonly T[], dayCount: number) {
  const names = await request.categoryNames([...new Set([...request.preferredCategoryIds, ...offered.flatMap((s) => s.categoryIds)])]);
  const named = (ids: readonly number[]) => [...new Set(ids)].map((id) => names.get(id)).filter((n): n is string => Boolean(n));
  const language = LANGUAGE_NAMES[request.lang];
  const rules = [
    'You plan day trips for a travel product. You only choose among the spots you are given, identified by their id.',
    `Plan exactly ${dayCount} day${dayCount > 1 ? 's' : ''}. Each day has 1 to ${MAX_LLM_STOPS_PER_DAY} spots (about ${STOPS_PER_DAY} is best) that are close to each other, listed in the order to visit them.`,
    'Prefer spots in the preferred categories and popular ones (popularity counts the posts showing a spot). You may leave spots out. Never use a spot twice, never use an id that is not listed.',
    `Give each day a short title (at most ${MAX_TITLE_LENGTH} characters) in ${language}, saying what the day is about; no day number.`,
    'Answer with JSON only, exactly of this form: {"days":[{"title":"...","spotIds":[1,2,3]}]}',
  ].join('\n');
  const trip = {
    place: request.place,
    days: dayCount,
    language,
    themes: request.themes,
    preferredCategories: named(request.preferredCategoryIds),
    spots: offered.map((s) => ({
      id: s.id,
      name: s.name,
      categories: named(s.categoryIds),
      latitude: Number(s.latitude.toFixed(5)),
      longitude: Number(s.longitude.toFixed(5)),
      popularity: s.popularity,
    })),
  };
  return [
    { role: 'system', content: rules },
    { role: 'user', content: JSON.stringify(trip) },
  ];
}

const tooLarge = () => new Unusable('too_large', `the answer is longer than ${MAX_ANSWER_BYTES} bytes`);

/**
 * The body of `response` as text, read as it arrives and never past MAX_ANSWER_BYTES: a longer answer
 * (declared or streamed) is cancelled, which closes its connection, and is Unusable.
 */
async function readCapped(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks the model; the text of its answer, or Unusable. The timeout covers the answer's body too. */
async function complete(settings: LlmSettings, messages: object[]): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), settings.timeoutMs);
  try {
    const response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({ model: settings.model, messages, temperature: 0.2, response_format: { type: 'json_object' } }),
      signal: abort.signal,
      // a redirect could carry the key to another server
      redirect: 'error',
    });
    if (!response.ok) {
      // what a refusal says is not needed (and may quote the key): not read
      await response.body?.cancel();
      throw new Unusable('http_error', `HTTP ${response.status}`);
    }
    const body = await readCapped(response);
    let envelope: unknown;
    try {
      envelope = JSON.parse(body);
    } catch {
      throw new Unusable('not_json', `the completion is not JSON: ${body.slice(0, 80)}`);
    }
    const read = completion.safeParse(envelope);
    if (!read.success) throw new Unusable('wrong_shape', 'no choices[0].message.content in the completion');
    return read.data.choices[0].message.content;
  } catch (error) {
    if (error instanceof Unusable) throw error;
    if (abort.signal.aborted) throw new Unusable('timeout', `no answer within ${settings.timeoutMs} ms`);
    // fetch's own message ("fetch failed") says little; its cause names the network error
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    throw new Unusable('unreachable', `${error instanceof Error ? error.message : String(error)}${cause ? `: ${cause}` : ''}`);
  } finally {
    clearTimeout(timer);
  }
}

export function llmPlanner(settings: LlmSettings): ItineraryPlanner {
  return {
    async plan<T extends Candidate>(request: PlanRequest<T>, log: PlannerLog): Promise<ItineraryPlan<T>> {
      const engine = () => planTrip(request.spots, request.center, request.days, request.preferredCategoryIds);
      const offered = bestSpots(request.spots, request.center, request.preferredCategoryIds, request.days * STOPS_PER_DAY * CHOICE_FACTOR);
      // nothing to choose from: the engine's (empty) plan, and no call
      if (!offered.length) return { days: engine(), plannedBy: 'engine' };
      // as many days as the engine would plan: fewer than asked only when there are fewer spots
      const dayCount = Math.min(request.days, offered.length);
      try {
        const content = await complete(settings, await promptFor(request, offered, dayCount));
        return { days: readPlan(content, offered, dayCount), plannedBy: 'llm', model: settings.model };
      } catch (error) {
        if (!(error instanceof Unusable)) throw error;
        // the detail may quote the answer, and a model server may echo the key or the header it was sent
        const detail = redactSecrets(withoutSecrets(error.detail, [settings.apiKey]));
        log.warn({ reason: error.reason, detail, model: settings.model }, 'the AI model could not plan the itinerary; the engine planned it');
        return { days: engine(), plannedBy: 'engine', fallback: error.reason };
      }
    },
  };
}
