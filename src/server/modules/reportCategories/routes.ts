// Report categories (spec §7 "Tags and report categories"): the reasons users pick when they report.
// Deleting one keeps its reports, without a category.
import type { FastifyInstance } from 'fastify';
import { reportCategories } from '@shared/resources/index';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';
import { clearReportCategory } from './service';

export const reportCategoryRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    declaration: reportCategories,
    kind: 'reportCategory',
    table: 'report_categories',
    tag: 'report categories',
    storeName: (name) => name.trim(),
    messages: {
      added: 'reportCategoryAdded',
      updated: 'reportCategoryUpdated',
      deleted: 'reportCategoryDeleted',
      duplicates: 'reportCategoryDuplicates',
    },
    duplicatesPayload: (names) => ({ duplicateReportCategory: names.length > 0, data: names }),
    onDelete: clearReportCategory,
  });
