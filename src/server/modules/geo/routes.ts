// Address autocomplete and geocoding for the spot and post forms (DESIGN.md §6). The suggestions
// start with the product's own spots, so a place staff already use is one click away (and linked, not copied).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { MAX_INT } from '@shared/validation/common';
import type { AppContext } from '@server/context';
import { notFound } from '@server/http/errors';
import { refusals } from '@server/http/answers';
import { item, ok } from '@server/http/reply';
import { geoConfigAnswer, placeAnswer, suggestionsAnswer } from './answers';
import { findSpotPlace, findSpotSuggestions } from './service';

/** Whoever may fill a place in a form. */
const PLACE_USERS: ResourceName[] = ['spot', 'post', 'itinerary', 'chat', 'aiItineraries'];
const tags = ['geography'];

export async function geoRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = ctx.guard(PLACE_USERS);

  app.get(
    '/api/geo/config',
    { schema: { tags, response: { 200: geoConfigAnswer } }, onRequest: guard },
    // the browser needs the key only to load the Maps JavaScript API
    async (_request, reply) =>
      ok(reply, { provider: ctx.geo.name, browserKey: ctx.geo.name === 'google' ? ctx.config.googleMapsApiKey : null }),
  );

  app.get(
    '/api/geo/autocomplete',
    { schema: { tags, querystring: z.object({ input: z.string().trim().max(200).default('') }), response: { 200: suggestionsAnswer } }, onRequest: guard },
    async (request, reply) => {
      const { input } = request.query as { input: string };
      if (input.length < 2) return item(reply, []);
      const places = await ctx.geo.autocomplete(input, 8);
      if (input.length < 3) return item(reply, places);
      // the product's own spots first, found by name or place (not by their creator's name)
      const spots = await findSpotSuggestions(ctx, input);
      const fromSpots = spots.map((s) => ({ id: `spot:${s.id}`, description: [s.name, s.city, s.country].filter(Boolean).join(', ') }));
      return item(reply, [...fromSpots, ...places].slice(0, 10));
    },
  );

  app.get(
    '/api/geo/place/:id',
    { schema: { tags, params: z.object({ id: z.string().min(1).max(300) }), response: { 200: placeAnswer } }, onRequest: guard },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const spotId = id.startsWith('spot:') ? Number(id.slice(5)) : null;
      // 'spot:abc', 'spot:-1' or 'spot:1e99' is no spot (and no value for an integer column)
      if (spotId !== null && !(Number.isInteger(spotId) && spotId > 0 && spotId <= MAX_INT)) throw notFound();
      const place = spotId !== null ? await findSpotPlace(ctx.db, spotId) : await ctx.geo.place(id);
      if (!place) throw notFound();
      return item(reply, place);
    },
  );

  app.get(
    '/api/geo/geocode',
    { schema: { tags, querystring: z.object({ address: z.string().trim().min(1).max(300) }), response: { 200: placeAnswer, ...refusals(404) } }, onRequest: guard },
    async (request, reply) => {
      const place = await ctx.geo.geocode((request.query as { address: string }).address);
      if (!place) throw notFound();
      return item(reply, place);
    },
  );

  app.get(
    '/api/geo/reverse',
    {
      schema: {
        tags,
        querystring: z.object({ lat: z.coerce.number().min(-90).max(90), lng: z.coerce.number().min(-180).max(180) }),
        response: { 200: placeAnswer, ...refusals(404) },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const { lat, lng } = request.query as { lat: number; lng: number };
      const place = await ctx.geo.reverse(lat, lng);
      if (!place) throw notFound();
      return item(reply, place);
    },
  );
}
