// The trail as a hash chain: each entry's `hash` is SHA-256 over the previous entry's hash and the entry's
// own fields, so an entry edited or removed behind the server's back (SQL by hand) breaks the chain at
// that point, and `npm run audit:verify` says where. Entries are chained in id order, one writer at a
// time: on PostgreSQL a transaction-scoped advisory lock (every replica), on SQLite the one connection.
// What a chain kept in the same database cannot show: the newest entries removed together with nothing
// after them, or a whole chain written anew by someone holding the code; a copy of the newest hash kept
// elsewhere (the log line audit:verify prints) closes the first.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '@server/db/index';
import type { AuditLogTable, Database } from '@server/db/schema';

/** An entry's fields that its hash covers (all but its id, which the chain's order stands for). */
export type ChainedEntry = Omit<AuditLogTable, 'id' | 'hash'>;

const FIELDS: readonly (keyof ChainedEntry)[] = [
  'actor_id',
  'actor_name',
  'actor_email',
  'actor_role',
  'action',
  'entity',
  'entity_id',
  'detail',
  'ip',
  'user_agent',
  'created_at',
];

/** The hash of `entry` following an entry whose hash is `previous` ('' for the first of a chain). */
export function entryHash(previous: string, entry: ChainedEntry): string {
  const values = FIELDS.map((field) => {
    const value = entry[field];
    return value === null || value === undefined ? null : field === 'actor_id' ? Number(value) : String(value);
  });
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(values)).digest('hex');
}

/** Any number, the same on every server: the advisory lock that makes them chain one entry at a time. */
const CHAIN_LOCK = 7_020_310_031;

/** Where the chain stands before pruning removed its first entries (settings). */
export const CHAIN_ANCHOR = 'audit_chain_anchor';

/**
 * Takes the chain for the rest of the transaction `db` is in and answers the hash the next entry follows:
 * the newest entry's ('' when it was written before the chain began), or with no entry left the anchor
 * pruning kept ('' for a new trail).
 */
export async function chainHead(db: Kysely<Database>, dialect: DialectName): Promise<string> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(db);
  const newest = await db.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (newest) return newest.hash ?? '';
  return (await db.selectFrom('settings').select('value').where('key', '=', CHAIN_ANCHOR).executeTakeFirst())?.value ?? '';
}

export interface ChainReport {
  /** entries read */
  checked: number;
  /** entries written before the chain began (no hash), ahead of its first entry */
  unchained: number;
  /** the first entries (up to 20) where the chain breaks: the entry whose hash is not what its fields and the previous hash give */
  breaks: { id: number; reason: 'altered or an entry before it removed' | 'not chained' }[];
  /** the newest entry's id and hash (keep a copy elsewhere: it shows a removal of the newest entries) */
  head: { id: number; hash: string } | null;
}

const BATCH = 5000;
const BREAKS_REPORTED = 20;

/** Walks the whole trail in id order, in batches, and reports where the chain breaks. */
export async function verifyChain(db: Kysely<Database>): Promise<ChainReport> {
  const anchor = await db.selectFrom('settings').select('value').where('key', '=', CHAIN_ANCHOR).executeTakeFirst();
  const report: ChainReport = { checked: 0, unchained: 0, breaks: [], head: null };
  let previous: string | null = null;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) break;
    for (const row of rows) {
      report.checked++;
      const id = Number(row.id);
      if (row.hash === null) {
        if (previous === null) report.unchained++;
        else if (report.breaks.length < BREAKS_REPORTED) report.breaks.push({ id, reason: 'not chained' });
        continue;
      }
      // the chain's first entry follows the last one pruned, or starts it
      const expected = entryHash(previous ?? anchor?.value ?? '', row);
      if (expected !== row.hash && report.breaks.length < BREAKS_REPORTED) report.breaks.push({ id, reason: 'altered or an entry before it removed' });
      previous = row.hash;
      report.head = { id, hash: row.hash };
    }
    after = Number(rows[rows.length - 1].id);
  }
  return report;
}
