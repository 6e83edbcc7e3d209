// The CSV import of spots (issue 35, modules/import/): a row is the spot form's fields (spotSchema: a name,
// a status, the place's coordinates and address parts), added as the person importing's spots; matched by
// name (through the name's sort key index), and a name two spots share is the row's error.
import { spotSchema } from '@shared/validation/spot';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { SPOT_COLUMNS } from '@server/db/rowColumns';
import { sortKeyOf } from '@server/db/sortKey';
import type { ImportTarget, MatchedRecord } from '../import/target';

const FIELDS = ['name', 'status', 'latitude', 'longitude', 'address', 'city', 'state', 'country', 'post_code'] as const;

export function spotImportTarget(ctx: AppContext, resource: ImportTarget['resource']): ImportTarget {
  const { db } = ctx;
  return {
    resource,
    entity: 'spot',
    schema: spotSchema,
    updatable: FIELDS,
    keyOf: (values) => String(values.name),
    async matched(keys) {
      // the batch's names through the sort key's index, in one query
      const rows = await db.selectFrom('spots').select(SPOT_COLUMNS).where('name_sort', 'in', keys.map(sortKeyOf)).where('name', 'in', [...keys]).orderBy('id').execute();
      const found = new Map<string, MatchedRecord>();
      for (const row of rows) found.set(row.name, found.has(row.name) ? { refused: 'importAmbiguous' } : { id: row.id, row });
      return found;
    },
    async create(rows, actorId) {
      const stamp = now();
      const values = rows.map((r) => ({
        ...Object.fromEntries(FIELDS.map((f) => [f, r[f] ?? null])),
        name: String(r.name),
        status: String(r.status),
        user_id: actorId,
        image: null,
        thumbnail_url: null,
        created_at: stamp,
        updated_at: stamp,
      }));
      return db.insertInto('spots').values(values).returning(SPOT_COLUMNS).execute();
    },
    async update(id, changes) {
      await db.updateTable('spots').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
    },
  };
}
