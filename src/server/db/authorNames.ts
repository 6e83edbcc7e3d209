// The author's name copied onto each post and spot (user_name), kept by triggers: the post and spot
// lists show and sort by it through an index, where a join with users would make the database walk the
// users first and sort a million posts for every page.
import { type Kysely, sql } from 'kysely';
import { type DialectName, hasColumn } from './index';
import { hasGeneratedColumn } from './introspect';

const COPIES = [
  { table: 'posts', index: ['type', 'user_name'] },
  { table: 'spots', index: ['user_name'] },
] as const;

/** What installAuthorNames makes, removed (so that its migration may run again over its own work). */
async function removeAuthorNames(db: Kysely<unknown>, dialect: DialectName) {
  for (const { table } of COPIES) {
    if (dialect === 'postgres') {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_user_name ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_user_name()`).execute(db);
    } else {
      for (const suffix of ['ai', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_user_name_${suffix}`).execute(db);
    }
    await sql.raw(`DROP INDEX IF EXISTS ${table}_user_name`).execute(db);
    // migration 016's index of live posts by author, 033's of hidden ones
    await sql.raw(`DROP INDEX IF EXISTS ${table}_live_user_name`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS ${table}_hidden_user_name`).execute(db);
    // the author's sort key (032_list_sort_keys) is made of the copy: it goes first, and 032 makes it again
    if (await hasGeneratedColumn(db, dialect, table, 'user_name_sort')) {
      await sql.raw(`DROP INDEX IF EXISTS ${table}_user_name_sort`).execute(db);
      await db.schema.alterTable(table).dropColumn('user_name_sort').execute();
    }
    if (await hasColumn(db, table, 'user_name')) await db.schema.alterTable(table).dropColumn('user_name').execute();
  }
  if (dialect === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS users_user_name ON users`.execute(db);
    await sql`DROP FUNCTION IF EXISTS users_user_name()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS users_user_name_au`.execute(db);
  }
}

/** Migration step: the user_name columns, their indexes and triggers, filled for the rows already there. */
export async function installAuthorNames(db: Kysely<unknown>, dialect: DialectName) {
  await removeAuthorNames(db, dialect);
  for (const { table, index } of COPIES) {
    await db.schema.alterTable(table).addColumn('user_name', 'text').execute();
    await sql.raw(`UPDATE ${table} SET user_name = (SELECT name FROM users WHERE users.id = ${table}.user_id)`).execute(db);
    await db.schema.createIndex(`${table}_user_name`).on(table).columns([...index]).execute();
    if (dialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION ${table}_user_name() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  NEW.user_name := (SELECT name FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$body$`,
        )
        .execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_user_name BEFORE INSERT OR UPDATE OF user_id ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_user_name()`).execute(db);
    } else {
      const copy = `UPDATE ${table} SET user_name = (SELECT name FROM users WHERE id = new.user_id) WHERE id = new.id;`;
      await sql.raw(`CREATE TRIGGER ${table}_user_name_ai AFTER INSERT ON ${table} BEGIN ${copy} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_user_name_au AFTER UPDATE OF user_id ON ${table} BEGIN ${copy} END`).execute(db);
    }
  }
  // a renamed user: their posts and spots follow
  const follow = COPIES.map(({ table }) => `UPDATE ${table} SET user_name = new.name WHERE user_id = new.id;`).join(' ');
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION users_user_name() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  ${follow.replaceAll('new.', 'NEW.')}
  RETURN NULL;
END
$body$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER users_user_name AFTER UPDATE OF name ON users FOR EACH ROW EXECUTE FUNCTION users_user_name()`.execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER users_user_name_au AFTER UPDATE OF name ON users BEGIN ${follow} END`).execute(db);
  }
}
