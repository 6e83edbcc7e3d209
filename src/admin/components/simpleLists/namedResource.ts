import type { SortPayload } from 'react-admin';
import type { NamedKind } from '@shared/validation/simpleLists';

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

/** How each named catalogue is called in the catalogue keys: its rules (`kind`) and its screen in `app.*`. */
const NAMES = {
  category: { kind: 'category', screen: 'category' },
  tag: { kind: 'tag', screen: 'tag' },
  reportCategories: { kind: 'reportCategory', screen: 'report_category' },
} as const satisfies Record<NamedResourceConfig['resource'], { kind: NamedKind; screen: string }>;

/**
 * A named catalogue's config, its keys following the catalogues' naming: `resources.<resource>.*` for
 * the list, `app.<screen>.*` for the dialogs and confirmation, `messages.<kind>*` for the toasts.
 */
export function namedResource(
  resource: NamedResourceConfig['resource'],
  own: Pick<NamedResourceConfig, 'sort' | 'multiple'> & { typedName?: NamedResourceConfig['typedName'] },
): NamedResourceConfig {
  const { kind, screen } = NAMES[resource];
  return {
    resource,
    kind,
    typedName: (typed) => typed,
    ...own,
    keys: {
      search: `resources.${resource}.search`,
      nameField: `resources.${resource}.fields.name`,
      add: `app.${screen}.add`,
      edit: `app.${screen}.edit`,
      added: `messages.${kind}Added`,
      updated: `messages.${kind}Updated`,
      deleted: `messages.${kind}Deleted`,
      duplicates: `messages.${kind}Duplicates`,
      deleteConfirm: `app.confirm.delete_${screen}`,
    },
  };
}
