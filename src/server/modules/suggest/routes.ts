// AI-suggested itineraries (spec §7): GET /itinerarySuggestion answers one itinerary per day of the
// trip the search describes, from the offline engine (src/server/suggest/), or from an AI model
// choosing among the engine's spots when LLM_BASE_URL is set (suggest/llm.ts); POST /api/post saves
// one as an itinerary post of the staff member, planned and public (DESIGN.md §9). Admin only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { englishMessage, v } from '@shared/validation/messages';
import { POST_DATE_PATTERN, postFormSchema } from '@shared/validation/post';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { HttpError, badRequest } from '@server/http/errors';
import { asList, oneOrMany, parseWith, readForm } from '@server/http/form';
import { answerOf, itemAnswer, maybeText, refusals, whole } from '@server/http/answers';
import { item, ok } from '@server/http/reply';
import { spotsNear } from '@server/geo/spotsNear';
import { MAX_DAYS, RADIUS_KM } from '@server/suggest/engine';
import { LLM_FALLBACKS } from '@server/suggest/planner';
import { plannerFor } from '@server/suggest/plannerFor';
import type { PlaceLanguage } from '@server/suggest/places';
import { analyseQuery } from '@server/suggest/query';
import { tripDates } from '@server/suggest/tripDates';
import { locatePlace } from '@server/suggest/locate';
import { audit } from '../audit/trail';
import { loadPost, savePost } from '../posts/service';
import { categoryNames } from './service';

const tags = ['ai itineraries'];

const suggestionQuery = z.object({
  category_ids: z.string().max(2000).default('[]'),
  search: z.string().trim().max(300).default(''),
  userEmail: z.string().optional(),
  isAdminPanel: z.string().optional(),
  /** the admin's language (en, tr, ar): the place name in the error values is given in it */
  lang: z.string().max(10).optional(),
});

const suggestedSpot = z.object({
  id: whole,
  name: z.string(),
  address: z.string(),
  image: maybeText,
  thumbnail_url: maybeText,
  latitude: z.number(),
  longitude: z.number(),
  country: maybeText,
  city: maybeText,
  state: maybeText,
  post_code: maybeText,
});
/**
 * One itinerary per day. Planned by the engine, `title` is English and the admin words its own from
 * place, theme, day and days; planned by the AI model, `title` is the model's, in the asked language.
 * Who planned it is said on every day (the admin's data provider hands the screen the days only).
 */
const suggestionsAnswer = itemAnswer(
  z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      day: whole,
      days: whole,
      place: z.string(),
      placeNames: z.object({ en: z.string(), tr: z.string(), ar: z.string() }),
      theme: maybeText,
      postSpot: z.array(z.object({ spot: suggestedSpot })),
      askedDays: whole.optional().meta({ description: 'the days the search asked for, only when more than maxDays: the trip was capped to maxDays' }),
      maxDays: whole.meta({ description: 'the most days a trip is planned for' }),
      plannedBy: z.enum(['llm', 'engine']).meta({ description: "'llm': the AI model of LLM_MODEL chose and ordered the stops; 'engine': the offline engine did" }),
      llmModel: z.string().optional().meta({ description: 'the AI model that planned it (plannedBy llm)' }),
      llmFallback: z
        .enum(LLM_FALLBACKS)
        .optional()
        .meta({ description: 'why the configured AI model was not used (plannedBy engine with LLM_BASE_URL set): no answer in time, not reached, an HTTP error, not JSON, the wrong shape, a spot not offered or one named twice' }),
    }),
  ),
);

/** The chosen suggestion as the /chat page sends it: one entry per stop in each `spot_*` list. */
const savedSuggestionForm = z.object({
  id: z.union([z.string(), z.number()]).optional().describe('ignored: this call always makes a new itinerary'),
  title: z.string(),
  description: z.string().optional(),
  itinerary_date: z.string().optional(),
  category_id: oneOrMany(z.union([z.string(), z.number()])),
  spot_name: oneOrMany(z.string()),
  spot_id: oneOrMany(z.union([z.string(), z.number()])).optional(),
  day: oneOrMany(z.union([z.string(), z.number()]))
    .optional()
    .describe('the day of the trip (1 to 7) each stop is on, one per stop: a whole trip saved as one itinerary, its stops dated from itinerary_date on'),
  ...Object.fromEntries(
    ['latitude', 'longitude', 'address', 'city', 'state', 'country', 'post_code', 'image', 'thumbnail_url'].map((name) => [name, oneOrMany(z.string()).optional()]),
  ),
});
const savedSuggestionAnswer = answerOf(z.object({ data: z.looseObject({ id: whole, title: z.string(), type: z.literal('itinerary') }), id: whole }));

const LANGUAGES: readonly PlaceLanguage[] = ['en', 'tr', 'ar'];
const languageOf = (lang: string | undefined): PlaceLanguage => (LANGUAGES.find((l) => l === lang?.slice(0, 2).toLowerCase()) ?? 'en');

/** Capitalised words, with the Turkish dotted/dotless i when the search is Turkish. */
const title = (text: string, lang: PlaceLanguage) => text.replace(/(^|\s)\p{L}/gu, (c) => c.toLocaleUpperCase(lang === 'tr' ? 'tr' : 'en'));

/**
 * A 404 in the spec's English, with the catalogue key and its values in `data` so that the admin
 * words it in the staff member's language (useServerMessage).
 */
const notSuggested = (key: 'unknownPlace' | 'nothingToSuggest', english: Record<string, string>, local: Record<string, string>) =>
  new HttpError(404, englishMessage(key, english), { messageKey: key, values: local });

export async function suggestRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('aiItineraries');

  const suggest = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = parseWith(suggestionQuery, request.query);
    let categoryIds: number[];
    try {
      const parsed: unknown = JSON.parse(q.category_ids);
      categoryIds = Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
    } catch {
      categoryIds = [];
    }
    if (!q.search || !categoryIds.length) throw badRequest(v('suggestionRequired'));
    const lang = languageOf(q.lang);
    const wanted = analyseQuery(q.search);
    // the place as the table names it, else as typed, then without a Turkish ending or Arabic prefix
    const center = await locatePlace(ctx.geo, q.search);
    if (!center) {
      const place = wanted.placeText || q.search;
      throw notSuggested('unknownPlace', { place }, { place });
    }
    const names: Record<PlaceLanguage, string> = wanted.known?.names ?? { en: center.name, tr: center.name, ar: center.name };
    const planned = await plannerFor(ctx.config).plan(
      {
        spots: await spotsNear(db, center.latitude, center.longitude, RADIUS_KM),
        center,
        days: wanted.days,
        preferredCategoryIds: categoryIds,
        lang,
        place: names[lang],
        themes: wanted.themes,
        categoryNames: (ids) => categoryNames(db, ids),
      },
      request.log,
    );
    const plan = planned.days;
    if (!plan.length) throw notSuggested('nothingToSuggest', { search: q.search, place: names.en }, { search: q.search, place: names[lang] });
    const theme = wanted.themes.length ? title(wanted.themes.join(' '), wanted.lang) : null;
    const by = { plannedBy: planned.plannedBy, ...(planned.model ? { llmModel: planned.model } : {}), ...(planned.fallback ? { llmFallback: planned.fallback } : {}) };
    const suggestions = plan.map(({ day, stops, title: modelTitle }) => ({
      id: `${names.en}-${wanted.days}-${day}`.toLowerCase().replace(/\s+/g, '-'),
      // the model's, else English that the admin words from place, placeNames, theme, day and days
      title: modelTitle ?? `${theme ? `${theme} in ` : ''}${names.en}${plan.length > 1 ? `, day ${day} of ${plan.length}` : ''}`,
      day,
      days: plan.length,
      place: names.en,
      placeNames: names,
      theme,
      ...(wanted.askedDays > MAX_DAYS ? { askedDays: wanted.askedDays } : {}),
      maxDays: MAX_DAYS,
      ...by,
      postSpot: stops.map((s) => ({
        spot: {
          id: s.id,
          name: s.name,
          address: s.address ?? [s.name, s.city, s.country].filter(Boolean).join(', '),
          image: s.image,
          thumbnail_url: s.thumbnail_url,
          latitude: s.latitude,
          longitude: s.longitude,
          country: s.country,
          city: s.city,
          state: s.state,
          post_code: s.post_code,
        },
      })),
    }));
    return item(reply, suggestions);
  };
  // the spec's third client calls it without the /api prefix
  const suggestionSchema = { tags, querystring: suggestionQuery, response: { 200: suggestionsAnswer, ...refusals(404) } };
  app.get('/itinerarySuggestion', { schema: suggestionSchema, onRequest: guard }, suggest);
  app.get('/api/itinerarySuggestion', { schema: suggestionSchema, onRequest: guard }, suggest);

  app.post('/api/post', { schema: { tags, form: savedSuggestionForm, response: { 200: savedSuggestionAnswer, ...refusals(404) } }, onRequest: guard }, async (request, reply) => {
    const { fields } = await readForm(request);
    const actor = callerOf(request).userId;
    // each stop's value is text or a number (a list or an object is refused, never written as its text)
    const list = (name: string) =>
      asList(fields[name]).map((x) => {
        if (x !== null && typeof x === 'object') throw badRequest('validation.invalidInput', { [name]: 'each value must be text or a number' });
        return x === undefined || x === null ? '' : String(x);
      });
    const names = list('spot_name');
    const spotIds = list('spot_id');
    const at = (name: string, i: number) => list(name)[i] || undefined;
    const date = typeof fields.itinerary_date === 'string' && POST_DATE_PATTERN.test(fields.itinerary_date) ? fields.itinerary_date : new Date().toISOString().slice(0, 19).replace('T', ' ');
    // a whole trip: each stop dated by its day, day 1 on `date`
    const stopDates = tripDates(list('day'), names.length, date);
    const input = {
      // this call creates: an `id` sent with it never names a post to overwrite
      id: undefined,
      user_id: actor,
      title: fields.title,
      description: typeof fields.description === 'string' ? fields.description : '',
      itinerary_date: date,
      type: 'itinerary',
      is_public: 1,
      is_planeed: '0',
      category_id: asList(fields.category_id),
      tag_id: [],
      deleted_spots: [],
      spotData: names.map((name, i) =>
        Number(spotIds[i]) > 0
          ? { id: Number(spotIds[i]), ...(stopDates ? { itinerary_date: stopDates[i] } : {}) }
          : {
              name,
              latitude: at('latitude', i),
              longitude: at('longitude', i),
              address: at('address', i),
              city: at('city', i),
              state: at('state', i),
              country: at('country', i),
              post_code: at('post_code', i),
              image: at('image', i),
              thumbnail_url: at('thumbnail_url', i),
              itinerary_date: stopDates?.[i] ?? date,
            },
      ),
    };
    const parsed = parseWith(postFormSchema, input);
    const result = await savePost(ctx, parsed, [], {
      caller: callerOf(request),
      staffOwner: true,
      audited: (id) => audit(ctx, actor, 'create', 'itinerary', id, { from: 'ai suggestion', spots: names.length, ...(stopDates ? { days: new Set(stopDates).size } : {}) }),
    });
    return ok(reply, { data: await loadPost(db, result.id), id: result.id }, englishMessage('resultsSaved'));
  });
}
