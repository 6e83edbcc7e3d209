// Content pages (spec §7 "/api/page"): Admin only; the slug is unique and derived from the title when
// left empty.
import type { FastifyInstance } from 'fastify';
import { contentPageSchema } from '@shared/validation/simpleLists';
import type { AppContext } from '../../context';
import { richPageRoutes } from '../simpleLists/richPageRoutes';

export const contentPageRoutes = (app: FastifyInstance, ctx: AppContext) =>
  richPageRoutes(app, ctx, {
    entity: 'contentmanagement',
    table: 'content_pages',
    tag: 'content pages',
    resource: 'contentmanagement',
    paths: { list: '/api/page', save: '/api/page', remove: '/api/page/delete' },
    schema: contentPageSchema,
    slugEditable: true,
    messages: { added: 'pageAdded', updated: 'pageUpdated', deleted: 'pageDeleted' },
  });
