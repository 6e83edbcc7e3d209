// Categories (spec §7 "Categories"): names stored with the first letter capitalised; the post form's
// pickers may read the list.
import type { FastifyInstance } from 'fastify';
import { capitaliseFirst } from '@shared/text';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';

export const categoryRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    kind: 'category',
    table: 'categories',
    tag: 'categories',
    resource: 'category',
    readers: ['post', 'itinerary', 'aiItineraries'],
    paths: {
      list: '/api/category',
      create: '/api/category/create',
      update: '/api/category/update',
      remove: '/api/category/delete',
    },
    storeName: (name) => capitaliseFirst(name.trim()),
    messages: {
      added: 'categoryAdded',
      updated: 'categoryUpdated',
      deleted: 'categoryDeleted',
      duplicates: 'categoryDuplicates',
    },
    duplicatesPayload: (names) => ({ duplicateCategories: names.length > 0, data: names.map((name) => ({ name })) }),
    // posts keep their other categories; the link rows go with the category
    onDelete: async (trx, id) => {
      await trx.deleteFrom('post_categories').where('category_id', '=', id).execute();
    },
  });
