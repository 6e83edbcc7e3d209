// Report categories (spec §7 "Tags and report categories"), served from their declaration
// (modules/declared/): the reasons users pick when they report. Deleting one keeps its reports, without
// a category.
import type { DeclaredServerPart } from '../declared/serverPart';
import { clearReportCategory } from './service';

export const reportCategoryServerPart: DeclaredServerPart = {
  tag: 'report categories',
  stored: { name: (name) => name.trim() },
  duplicates: (names) => ({ duplicateReportCategory: names.length > 0, data: names }),
  onDelete: clearReportCategory,
};
