// The audit log (/audit): who did what to which record, when, and the fields it changed. Admins only;
// read-only. Its filters travel as query parameters of the list call (src/server/modules/audit/).
import { declareResource } from './types';

export const audit = declareResource({
  name: 'audit',
  label: 'resources.audit.name',
  rule: 'admin',
  menu: { id: 'audit', path: '/audit', icon: 'history', order: 140 },
  // newest first, by time (src/server/db/migrations/020_audit_indexes.ts)
  api: { list: '/audit', pageBase: 0, defaultOrder: { direction: 'DESC', name: 'created_at', type: 'default' }, filters: ['actor', 'entity', 'from', 'to', 'entity_id', 'action', 'sign_ins'] },
  fields: {
    id: {},
    created_at: { sortable: true },
    actor: { searchable: true },
    action: { searchable: true },
    entity: { searchable: true },
    entity_id: { searchable: true },
    changes: {},
  },
});
