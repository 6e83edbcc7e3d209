import type { NamedResourceConfig } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /tag (spec §2): several tags at once, lower-cased as they are typed; new rows start Active. */
export const TAG: NamedResourceConfig = {
  resource: 'tag',
  kind: 'tag',
  sort: { field: 'name', order: 'ASC' },
  multiple: true,
  typedName: (typed) => typed.toLocaleLowerCase('en'),
  keys: {
    search: 'resources.tag.search',
    nameField: 'resources.tag.fields.name',
    add: 'app.tag.add',
    edit: 'app.tag.edit',
    added: 'messages.tagAdded',
    updated: 'messages.tagUpdated',
    deleted: 'messages.tagDeleted',
    duplicates: 'messages.tagDuplicates',
    deleteConfirm: 'app.confirm.delete_tag',
  },
};

export const TagList = () => <NamedStatusList config={TAG} />;
