// Runs the migrations in order with Kysely's Migrator (its lock makes concurrent replicas safe): the
// hand-written ones, then those generated for the declared tables (migrations/declared/).
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { type DeclaredMigrations, migrateDeclared } from './declaredSteps';
import type { Db } from './index';
import { DECLARED_MIGRATIONS } from './migrations/declared/index';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_email_template_search';
import * as m003 from './migrations/003_spot_image_index';
import * as m004 from './migrations/004_report_search';
import * as m005 from './migrations/005_spot_location_index';
import * as m006 from './migrations/006_user_preferences';
import * as m007 from './migrations/007_session_version';
import * as m008 from './migrations/008_text_as_text';
import * as m009 from './migrations/009_place_names';
import * as m010 from './migrations/010_search_fold';
import * as m011 from './migrations/011_maintained_counts';
import * as m012 from './migrations/012_author_names';
import * as m013 from './migrations/013_sort_indexes';
import * as m014 from './migrations/014_list_copies';
import * as m015 from './migrations/015_fold_speed';
import * as m016 from './migrations/016_live_post_indexes';
import * as m017 from './migrations/017_post_search_by_type';
import * as m018 from './migrations/018_report_search_text';
import * as m020 from './migrations/020_audit_indexes';
import * as m021 from './migrations/021_accountable_trail';
import * as m023 from './migrations/023_sessions';
import * as m024 from './migrations/024_two_factor';
import * as m025 from './migrations/025_report_states';
import * as m028 from './migrations/028_turkish_names';
import * as m031 from './migrations/031_hidden_post_index';
import * as m032 from './migrations/032_list_sort_keys';
import * as m033 from './migrations/033_filtered_list_indexes';
import * as m034 from './migrations/034_moderation_cases';
import * as m035 from './migrations/035_moderation_desk';
import * as m036 from './migrations/036_reporter_cases';
import * as m037 from './migrations/037_case_search_text';
import * as m039 from './migrations/039_saved_views';
import * as m040 from './migrations/040_post_trash';
import * as m038 from './migrations/038_list_filter_indexes';
import * as m041 from './migrations/041_bulk_jobs';
import type { Database } from './schema';

function provider(dialect: Db['dialect']): MigrationProvider {
  const bind = (mod: { up: (db: Kysely<unknown>, d: Db['dialect']) => Promise<void> }): Migration => ({
    up: (db) => mod.up(db, dialect),
  });
  return { getMigrations: async () => ({
      '001_initial': bind(m001),
      '002_email_template_search': bind(m002),
      '003_spot_image_index': bind(m003),
      '004_report_search': bind(m004),
      '005_spot_location_index': bind(m005),
      '006_user_preferences': bind(m006),
      '007_session_version': bind(m007),
      '008_text_as_text': bind(m008),
      '009_place_names': bind(m009),
      '010_search_fold': bind(m010),
      '011_maintained_counts': bind(m011),
      '012_author_names': bind(m012),
      '013_sort_indexes': bind(m013),
      '014_list_copies': bind(m014),
      '015_fold_speed': bind(m015),
      '016_live_post_indexes': bind(m016),
      '017_post_search_by_type': bind(m017),
      '018_report_search_text': bind(m018),
      '020_audit_indexes': bind(m020),
      '021_accountable_trail': bind(m021),
      '023_sessions': bind(m023),
      '024_two_factor': bind(m024),
      '025_report_states': bind(m025),
      '028_turkish_names': bind(m028),
      '031_hidden_post_index': bind(m031),
      '032_list_sort_keys': bind(m032),
      '033_filtered_list_indexes': bind(m033),
      '034_moderation_cases': bind(m034),
      '035_moderation_desk': bind(m035),
      '036_reporter_cases': bind(m036),
      '037_case_search_text': bind(m037),
      '039_saved_views': bind(m039),
      '040_post_trash': bind(m040),
      '038_list_filter_indexes': bind(m038),
      '041_bulk_jobs': bind(m041),
    }) };
}

/** `declared`: the generated migrations of the declared tables (the tests add their throwaway resources' own). */
export async function migrateToLatest({ db, dialect }: { db: Kysely<Database>; dialect: Db['dialect'] }, declared: DeclaredMigrations = DECLARED_MIGRATIONS) {
  const migrator = new Migrator({ db, provider: provider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return [...(results ?? []), ...(await migrateDeclared(db, dialect, declared))];
}
