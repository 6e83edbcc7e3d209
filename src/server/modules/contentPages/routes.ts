// Content pages (spec §7 "/api/page"): Admin only; the slug is unique and derived from the title when
// left empty.
import type { FastifyInstance } from 'fastify';
import { contentmanagement } from '@shared/resources/index';
import type { AppContext } from '../../context';
import { richPageRoutes } from '../simpleLists/richPageRoutes';

export const contentPageRoutes = (app: FastifyInstance, ctx: AppContext) =>
  richPageRoutes(app, ctx, {
    declaration: contentmanagement,
    table: 'content_pages',
    tag: 'content pages',
    messages: { added: 'pageAdded', updated: 'pageUpdated', deleted: 'pageDeleted' },
  });
