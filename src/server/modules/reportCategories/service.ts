// What happens to the reports of a deleted report category.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** The category's reports stay, without a category. */
export async function clearReportCategory(trx: Kysely<Database>, reportCategoryId: number) {
  await trx.updateTable('reports').set({ report_category_id: null }).where('report_category_id', '=', reportCategoryId).execute();
}
