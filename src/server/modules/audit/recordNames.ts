// The names the audit log shows for the records of a page of entries (issue 32 m5: "Museums", not
// "Category #33"): a record that still exists by its name now, one since deleted by the name its delete
// entry kept. One query per kind of record on the page, each an id lookup, so a page costs the same at a
// million entries.
import type { Kysely } from 'kysely';
import type { ResourceDeclaration } from '@shared/resources/index';
import { MAX_INT } from '@shared/validation/common';
import type { Database } from '@server/db/schema';

/** The table and column that name a record of each fixed kind the trail names. */
const NAMED_BY: Record<string, { table: keyof Database; column: string }> = {
  user: { table: 'users', column: 'name' },
  post: { table: 'posts', column: 'title' },
  itinerary: { table: 'posts', column: 'title' },
  spot: { table: 'spots', column: 'name' },
  category: { table: 'categories', column: 'name' },
  tag: { table: 'tags', column: 'name' },
  reportCategory: { table: 'report_categories', column: 'name' },
  emailtemplate: { table: 'email_templates', column: 'title' },
  contentmanagement: { table: 'content_pages', column: 'title' },
};

/** Where a kind's records are named: a fixed kind, else a plain resource's `name` or `title` field. */
function namingOf(entity: string, resources: readonly ResourceDeclaration[]): { table: string; column: string } | undefined {
  if (NAMED_BY[entity]) return NAMED_BY[entity];
  const plain = resources.find((r) => r.storage && r.name === entity);
  const column = ['name', 'title'].find((field) => plain?.fields[field]);
  return plain?.storage && column ? { table: plain.storage.table, column } : undefined;
}

const key = (entity: string, id: string) => `${entity}:${id}`;

type Detail = Record<string, unknown>;
const isObject = (value: unknown): value is Detail => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name an entry's detail kept of its record (a delete keeps `name`/`title`, or the row `before`). */
export function nameKeptIn(detail: string | null): string | undefined {
  if (!detail) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  for (const holder of [parsed, parsed.before, parsed.created]) {
    if (!isObject(holder)) continue;
    const name = holder.name ?? holder.title;
    if (typeof name === 'string' && name.trim()) return name;
  }
  return undefined;
}

/**
 * The name of each record the entries name, by `entity:id`: its name now while it exists, else the name
 * its delete entry kept. Records of a kind without a name (a comment, a setting) are not in the map.
 */
export async function recordNames(
  db: Kysely<Database>,
  entries: readonly { entity: string; entity_id: string | null }[],
  resources: readonly ResourceDeclaration[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsByKind = new Map<string, Set<string>>();
  for (const { entity, entity_id: id } of entries) {
    if (!id || !/^\d{1,10}$/.test(id) || Number(id) > MAX_INT || !namingOf(entity, resources)) continue;
    idsByKind.set(entity, (idsByKind.get(entity) ?? new Set()).add(id));
  }
  for (const [entity, ids] of idsByKind) {
    const { table, column } = namingOf(entity, resources)!;
    // the table and column come from the lists above, never from the request
    const rows = await (db as unknown as Kysely<Record<string, { id: number; [column: string]: unknown }>>)
      .selectFrom(table)
      .select(['id', column])
      .where('id', 'in', [...ids].map(Number))
      .execute();
    for (const row of rows) if (typeof row[column] === 'string') names.set(key(entity, String(row.id)), row[column] as string);
  }
  // the deleted ones: the name their delete entry kept (an index lookup by kind and id)
  const gone = [...idsByKind].flatMap(([entity, ids]) => [...ids].filter((id) => !names.has(key(entity, id))).map((id) => ({ entity, id })));
  if (gone.length) {
    const deletes = await db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'detail'])
      .where('action', 'in', ['delete', 'bulk.delete'])
      .where('entity', 'in', [...new Set(gone.map((g) => g.entity))])
      .where('entity_id', 'in', [...new Set(gone.map((g) => g.id))])
      .execute();
    const wanted = new Set(gone.map((g) => key(g.entity, g.id)));
    for (const entry of deletes) {
      const name = nameKeptIn(entry.detail);
      if (name && entry.entity_id && wanted.has(key(entry.entity, entry.entity_id))) names.set(key(entry.entity, entry.entity_id), name);
    }
  }
  return names;
}

/** The name of an entry's record in the map `recordNames` answered, or null. */
export const nameOf = (names: ReadonlyMap<string, string>, entry: { entity: string; entity_id: string | null }) =>
  (entry.entity_id && names.get(key(entry.entity, entry.entity_id))) || null;
