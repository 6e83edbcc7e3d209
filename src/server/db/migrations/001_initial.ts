// The whole schema of spec §3 and what it implies. One set of migrations for SQLite and PostgreSQL.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, SEARCH_COLUMNS_BEFORE_COPIES } from '../search';

type AnyTable = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const table = (name: string): AnyTable => {
    const t = db.schema.createTable(name) as unknown as AnyTable;
    return pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const ts = 'text';
  const real = pg ? 'double precision' : 'real';

  if (pg) await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await table('roles')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await table('permissions')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await table('users')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('country_code', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull().references('roles.name'))
    .addColumn('profile_pic', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('location', 'text')
    .addColumn('country', 'text')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shortcuts', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission_id'])
    .execute();

  for (const name of ['categories', 'tags', 'report_categories']) {
    await table(name)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  }

  await table('spots')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('post_code', 'text')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('image', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await table('posts')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('itinerary_date', ts)
    .addColumn('is_planeed', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .execute();

  await db.schema
    .createTable('post_categories')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_categories_pk', ['post_id', 'category_id'])
    .execute();
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await table('post_spots')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('spot_id', 'integer', (c) => c.notNull().references('spots.id').onDelete('cascade'))
    .addColumn('itinerary_date', ts)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('comments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('following_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'following_id'])
    .execute();

  await table('reports')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('other_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('report_category_id', 'integer', (c) => c.references('report_categories.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_status_by_admin', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  for (const name of ['email_templates', 'content_pages']) {
    await table(name)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  }

  await table('refresh_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .addColumn('replaced_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table('password_reset_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table('login_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table('audit_log')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // Indexes: every list's sort columns and the foreign keys the counts and joins follow.
  const indexes: [string, string, string[]][] = [
    ['users_type_id', 'users', ['user_type', 'id']],
    ['users_type_name', 'users', ['user_type', 'name']],
    ['users_type_email', 'users', ['user_type', 'email']],
    ['users_type_phone', 'users', ['user_type', 'phone']],
    ['users_type_status', 'users', ['user_type', 'status']],
    ['users_type_sequence', 'users', ['user_type', 'sequence']],
    ['users_type_created', 'users', ['user_type', 'created_at']],
    ['users_type_location', 'users', ['user_type', 'location']],
    ['spots_name', 'spots', ['name']],
    ['spots_country', 'spots', ['country']],
    ['spots_status', 'spots', ['status']],
    ['spots_created', 'spots', ['created_at']],
    ['spots_user', 'spots', ['user_id']],
    ['posts_type_id', 'posts', ['type', 'id']],
    ['posts_type_title', 'posts', ['type', 'title']],
    ['posts_type_sequence', 'posts', ['type', 'sequence']],
    ['posts_type_created', 'posts', ['type', 'created_at']],
    ['posts_user', 'posts', ['user_id', 'type']],
    ['post_categories_category', 'post_categories', ['category_id']],
    ['post_tags_tag', 'post_tags', ['tag_id']],
    ['post_spots_post', 'post_spots', ['post_id', 'itinerary_date']],
    ['post_spots_spot', 'post_spots', ['spot_id']],
    ['comments_post', 'comments', ['post_id']],
    ['comments_user', 'comments', ['user_id']],
    ['follows_following', 'follows', ['following_id']],
    ['reports_type_id', 'reports', ['type', 'id']],
    ['reports_type_created', 'reports', ['type', 'created_at']],
    ['reports_type_status', 'reports', ['type', 'status']],
    ['reports_user', 'reports', ['user_id']],
    ['reports_other_user', 'reports', ['other_user_id']],
    ['reports_post', 'reports', ['post_id']],
    ['reports_comment', 'reports', ['comment_id']],
    ['refresh_tokens_family', 'refresh_tokens', ['family_id']],
    ['refresh_tokens_user', 'refresh_tokens', ['user_id']],
    ['reset_tokens_user', 'password_reset_tokens', ['user_id']],
    ['login_failures_key', 'login_failures', ['key', 'created_at']],
    ['audit_log_created', 'audit_log', ['created_at']],
  ];
  for (const name of ['categories', 'tags', 'report_categories']) {
    indexes.push(
      [`${name}_name`, name, ['name']],
      [`${name}_status`, name, ['status']],
      [`${name}_created`, name, ['created_at']],
    );
  }
  for (const name of ['email_templates', 'content_pages']) {
    indexes.push(
      [`${name}_title`, name, ['title']],
      [`${name}_status`, name, ['status']],
      [`${name}_created`, name, ['created_at']],
    );
  }
  for (const [name, tbl, cols] of indexes) {
    await db.schema.createIndex(name).on(tbl).columns(cols).execute();
  }

  for (const t of [
    'users',
    'categories',
    'tags',
    'report_categories',
    'spots',
    'posts',
    'email_templates',
    'content_pages',
  ] as const) {
    await createSearchIndex(db, dialect, t, SEARCH_COLUMNS_BEFORE_COPIES[t]);
  }
}
