import type { SortPayload } from 'react-admin';
import type { NamedKind } from '../../../shared/validation/simpleLists';

/** What one named catalogue (categories, tags, report categories) declares; the screens are shared. */
export interface NamedResourceConfig {
  resource: 'category' | 'tag' | 'reportCategories';
  kind: NamedKind;
  sort: SortPayload;
  /** several rows in one add (categories, tags) or one (report categories) */
  multiple: boolean;
  /** how a typed name is kept while typing (tags are lower-cased on entry) */
  typedName: (typed: string) => string;
  /** catalogue keys */
  keys: {
    search: string;
    nameField: string;
    add: string;
    edit: string;
    added: string;
    updated: string;
    deleted: string;
    duplicates: string;
    deleteConfirm: string;
  };
}
