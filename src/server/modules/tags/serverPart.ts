// Tags (spec §7 "Tags and report categories"), served from their declaration (modules/declared/): names
// stored lower case; a deleted tag leaves the posts tagged with it.
import { lowerCase } from '@shared/text';
import type { DeclaredServerPart } from '../declared/serverPart';
import { unlinkTagFromPosts } from './service';

export const tagServerPart: DeclaredServerPart = {
  tag: 'tags',
  stored: { name: (name) => lowerCase(name.trim()) },
  duplicates: (names) => ({ duplicateTags: names.length > 0, data: names }),
  onDelete: unlinkTagFromPosts,
};
