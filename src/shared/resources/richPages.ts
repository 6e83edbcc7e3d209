// What content pages and email templates share: titled rich texts with a slug and a status.
import type { ResourceDeclaration } from './types';

export const PAGE_FIELDS = {
  id: { sortable: true },
  title: { sortable: true, searchable: true },
  slug: { sortable: true, searchable: true },
  status: { sortable: true, searchable: true },
  created_at: { sortable: true },
} as const satisfies ResourceDeclaration['fields'];
