// Place search for /chat (spec §7 "Place search and AI itineraries"): the types, a search with paging
// tokens, and saving chosen results as spots without duplicating a place already saved. Admin only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noControlCharacters } from '@shared/validation/common';
import { englishMessage, v } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { createGooglePlaceSearch, createOfflinePlaceSearch, PLACE_TYPES, parsePlaceQuery } from '@server/geo/places';
import { badRequest } from '@server/http/errors';
import { answerOf, itemAnswer, maybeText, whole } from '@server/http/answers';
import { item, ok } from '@server/http/reply';
import { atomically, audit } from '../audit/trail';
import { sameSpot } from '../spots/service';
import { addPlaceAsSpot, withKnownSpots } from './service';

const tags = ['place search'];

const searchQuery = z.object({ query: z.string().trim().max(300).default(''), pagetoken: z.string().max(2000).optional() });
// what is saved becomes a spot: no control characters in its texts, as in the spot form
const text = (max: number) => noControlCharacters(z.string().max(max)).nullish();
const savedPlace = z.object({
  place_id: z.string().max(300).optional(),
  name: noControlCharacters(z.string().trim().min(1).max(200)),
  formatted_address: text(400),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }).optional(),
  city: text(200),
  state: text(200),
  country: text(200),
  post_code: text(200),
});
const saveBody = z.array(savedPlace).min(1).max(100);

const point = z.object({ lat: z.number(), lng: z.number() });
const result = z.object({
  place_id: z.string(),
  name: z.string(),
  icon: z.string(),
  formatted_address: z.string(),
  location: point,
  geometry: z.object({ location: point }),
  types: z.array(z.string()),
  city: maybeText,
  state: maybeText,
  country: maybeText,
  post_code: maybeText,
  spot_id: whole.nullable().meta({ description: 'the spot this place already is (saving it adds nothing), else null' }),
});
const typesAnswer = itemAnswer(z.array(z.object({ type: z.string(), name: z.string() })));
const pageAnswer = answerOf(z.object({ results: z.array(result), next_page_token: maybeText }));
const savedAnswer = answerOf(z.object({ saved: z.array(z.object({ id: whole, name: z.string() })), skipped: whole }));

export async function placeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('chat');
  const places = ctx.config.googleMapsApiKey ? createGooglePlaceSearch(ctx.config.googleMapsApiKey) : createOfflinePlaceSearch(db, ctx.geo);

  app.get('/api/searchTypes', { schema: { tags, response: { 200: typesAnswer } }, onRequest: guard }, async (_request, reply) => item(reply, PLACE_TYPES));

  app.get('/api/googleAPIData', { schema: { tags, querystring: searchQuery, response: { 200: pageAnswer } }, onRequest: guard }, async (request, reply) => {
    const { query, pagetoken } = request.query as z.infer<typeof searchQuery>;
    if (!pagetoken) {
      const parsed = parsePlaceQuery(query);
      if (!parsed.place || !parsed.types.length) throw badRequest(v('placeSearchRequired'));
      if (parsed.types.length > 3) throw badRequest(v('tooManyPlaceTypes'));
    }
    const found = await places.search(query, pagetoken);
    const page = { ...found, results: await withKnownSpots(ctx, found.results) };
    return ok(reply, page, page.results.length ? 'Success' : englishMessage('noDataFound'));
  });

  app.post('/api/googleAPIData', { schema: { tags, body: saveBody, response: { 200: savedAnswer } }, onRequest: guard }, async (request, reply) => {
    const chosen = request.body as z.infer<typeof saveBody>;
    const actor = callerOf(request).userId;
    const saved: { id: number; name: string }[] = [];
    let skipped = 0;
    for (const place of chosen) {
      const at = place.location ?? (place.geometry ? place.geometry.location : undefined);
      // a result that is one of our spots is saved already
      if (place.place_id?.startsWith('spot:') || !at) {
        skipped++;
        continue;
      }
      const point = { name: place.name, latitude: at.lat, longitude: at.lng };
      if (await sameSpot(db, point)) {
        skipped++;
        continue;
      }
      // results without address parts (Google's text search) get them from the geocoder
      const where = place.country ? place : ((await ctx.geo.reverse(at.lat, at.lng)) ?? place);
      // checked again under the place's lock: a save running beside this one may have added it meanwhile
      // each spot and its entry in the trail (its history starts with its creation) commit together
      const spot = await atomically(ctx, async () => {
        const added = await addPlaceAsSpot(ctx, actor, place, where, at);
        if (added) await audit(ctx, actor, 'create', 'spot', added.id, { from: 'place search', name: added.name });
        return added;
      });
      if (!spot) {
        skipped++;
        continue;
      }
      saved.push(spot);
    }
    return ok(reply, { saved, skipped }, englishMessage('placesSaved', { saved: saved.length, skipped }));
  });
}
