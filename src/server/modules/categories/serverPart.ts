// Categories (spec §7 "Categories"), served from their declaration (modules/declared/): names stored
// with the first letter capitalised; a deleted category leaves the posts filed under it.
import { capitaliseFirst } from '@shared/text';
import type { DeclaredServerPart } from '../declared/serverPart';
import { unlinkCategoryFromPosts } from './service';

export const categoryServerPart: DeclaredServerPart = {
  tag: 'categories',
  stored: { name: (name) => capitaliseFirst(name.trim()) },
  duplicates: (names) => ({ duplicateCategories: names.length > 0, data: names.map((name) => ({ name })) }),
  // posts keep their other categories; the link rows go with the category
  onDelete: unlinkCategoryFromPosts,
};
