// Report categories (spec §7 "Tags and report categories"): the reasons users pick when they report.
// Deleting one keeps its reports, without a category.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';

export const reportCategoryRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    kind: 'reportCategory',
    table: 'report_categories',
    tag: 'report categories',
    resource: 'reportCategories',
    paths: {
      list: '/api/reportCategory',
      create: '/api/reportCategory/create',
      update: '/api/reportCategory/update',
      remove: '/api/reportCategory/delete',
    },
    storeName: (name) => name.trim(),
    messages: {
      added: 'reportCategoryAdded',
      updated: 'reportCategoryUpdated',
      deleted: 'reportCategoryDeleted',
      duplicates: 'reportCategoryDuplicates',
    },
    duplicatesPayload: (names) => ({ duplicateReportCategory: names.length > 0, data: names }),
    onDelete: async (trx, id) => {
      await trx.updateTable('reports').set({ report_category_id: null }).where('report_category_id', '=', id).execute();
    },
  });
