// Categories (spec §7 "Categories"): names stored with the first letter capitalised; the post form's
// pickers may read the list.
import type { FastifyInstance } from 'fastify';
import { capitaliseFirst } from '@shared/text';
import { category } from '@shared/resources/index';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';
import { unlinkCategoryFromPosts } from './service';

export const categoryRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    declaration: category,
    kind: 'category',
    table: 'categories',
    tag: 'categories',
    storeName: (name) => capitaliseFirst(name.trim()),
    messages: {
      added: 'categoryAdded',
      updated: 'categoryUpdated',
      deleted: 'categoryDeleted',
      duplicates: 'categoryDuplicates',
    },
    duplicatesPayload: (names) => ({ duplicateCategories: names.length > 0, data: names.map((name) => ({ name })) }),
    // posts keep their other categories; the link rows go with the category
    onDelete: unlinkCategoryFromPosts,
  });
