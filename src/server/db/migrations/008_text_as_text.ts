// Text is stored as text: numeric character references ('Caf&#233;', '&#39;') written by older seeds or
// clients are decoded once here, so that searching 'Café' finds the row; output escapes where HTML is
// rendered. Only rows holding '&#' are read and rewritten.
import { type Kysely, sql } from 'kysely';
import { decodeNumericEntities } from '@shared/text';

const COLUMNS: Record<string, string[]> = {
  posts: ['title', 'description'],
  comments: ['comment'],
  spots: ['name'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(COLUMNS)) {
    const encoded = sql.join(columns.map((c) => sql`${sql.ref(c)} LIKE ${'%&#%'}`), sql` OR `);
    const rows = await sql<Record<string, string | number | null>>`SELECT id, ${sql.join(columns.map((c) => sql.ref(c)))} FROM ${sql.table(table)} WHERE ${encoded}`.execute(db);
    for (const row of rows.rows) {
      const changes = columns.map((c) => sql`${sql.ref(c)} = ${typeof row[c] === 'string' ? decodeNumericEntities(row[c] as string) : row[c]}`);
      await sql`UPDATE ${sql.table(table)} SET ${sql.join(changes)} WHERE id = ${row.id}`.execute(db);
    }
  }
}
