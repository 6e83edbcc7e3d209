// Tags (spec §7 "Tags and report categories"): names stored lower case; the post form's pickers may
// read the list.
import type { FastifyInstance } from 'fastify';
import { tag } from '@shared/resources/index';
import { lowerCase } from '@shared/text';
import type { AppContext } from '../../context';
import { namedStatusRoutes } from '../simpleLists/namedStatusRoutes';
import { unlinkTagFromPosts } from './service';

export const tagRoutes = (app: FastifyInstance, ctx: AppContext) =>
  namedStatusRoutes(app, ctx, {
    declaration: tag,
    kind: 'tag',
    table: 'tags',
    tag: 'tags',
    storeName: (name) => lowerCase(name.trim()),
    messages: { added: 'tagAdded', updated: 'tagUpdated', deleted: 'tagDeleted', duplicates: 'tagDuplicates' },
    duplicatesPayload: (names) => ({ duplicateTags: names.length > 0, data: names }),
    onDelete: unlinkTagFromPosts,
  });
