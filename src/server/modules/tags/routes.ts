// Tags (spec §7 "Tags and report categories"): names stored lower case; the post form's pickers may
// read the list.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';

export const tagRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    kind: 'tag',
    table: 'tags',
    tag: 'tags',
    resource: 'tag',
    readers: ['post', 'itinerary'],
    paths: { list: '/api/tag', create: '/api/tag/create', update: '/api/tag/update', remove: '/api/tag/delete' },
    storeName: (name) => name.trim().toLocaleLowerCase('en'),
    messages: { added: 'tagAdded', updated: 'tagUpdated', deleted: 'tagDeleted', duplicates: 'tagDuplicates' },
    duplicatesPayload: (names) => ({ duplicateTags: names.length > 0, data: names }),
    onDelete: async (trx, id) => {
      await trx.deleteFrom('post_tags').where('tag_id', '=', id).execute();
    },
  });
