import type { NamedResourceConfig } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /category (spec §2): several categories at once; names are stored capitalised by the server. */
export const CATEGORY: NamedResourceConfig = {
  resource: 'category',
  kind: 'category',
  sort: { field: 'name', order: 'ASC' },
  multiple: true,
  typedName: (typed) => typed,
  keys: {
    search: 'resources.category.search',
    nameField: 'resources.category.fields.name',
    add: 'app.category.add',
    edit: 'app.category.edit',
    added: 'messages.categoryAdded',
    updated: 'messages.categoryUpdated',
    deleted: 'messages.categoryDeleted',
    duplicates: 'messages.categoryDuplicates',
    deleteConfirm: 'app.confirm.delete_category',
  },
};

export const CategoryList = () => <NamedStatusList config={CATEGORY} />;
