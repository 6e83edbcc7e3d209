import { DataTable, TextInput, useTranslate } from 'react-admin';
import { decodeNumericEntities } from '@shared/text';
import { namedEditSchema } from '@shared/validation/simpleLists';
import { AddFab, EditDialog } from '../FormDialog';
import { CreatedAndStatusColumns, DecodedText, ResourceTable, ResourceList } from '../lists';
import { RowActions } from '../RowActions';
import { duplicatesOf } from './duplicates';
import type { NamedResourceConfig } from './namedResource';
import { NamedRowsCreateDialog } from './NamedRowsCreateDialog';
import { StatusInput } from './StatusInput';

/**
 * The list screen of a named catalogue (spec §2 "/category", "/tag", "/reportCategories"): search,
 * sortable Name / Created Date / Status, an Edit dialog and a confirmed Delete per row, the add dialog.
 */
export function NamedStatusList({ config }: { config: NamedResourceConfig }) {
  const { keys } = config;
  const fields = `resources.${config.resource}.fields`;
  return (
    <ResourceList
      searchKey={keys.search}
      sort={config.sort}
      actions={<AddFab titleKey={keys.add} dialog={(state) => <NamedRowsCreateDialog config={config} {...state} />} />}
    >
      <ResourceTable>
        <DataTable.Col source="name" label={`${fields}.name`}>
          <DecodedText source="name" />
        </DataTable.Col>
        <CreatedAndStatusColumns fields={fields} />
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            editDialog={(state) => <NamedEditDialog config={config} {...state} />}
            deleteConfirmKey={keys.deleteConfirm}
            deletedKey={keys.deleted}
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

function NamedEditDialog({ config, open, onClose }: { config: NamedResourceConfig; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { keys } = config;
  return (
    <EditDialog
      open={open}
      onClose={onClose}
      titleKey={keys.edit}
      successKey={keys.updated}
      schema={namedEditSchema(config.kind)}
      initialValues={(r) => ({ name: decodeNumericEntities(String(r.name ?? '')), status: r.status })}
      describeError={(e) => {
        const names = duplicatesOf(e);
        return names.length ? translate(keys.duplicates, { names: names.join(', ') }) : undefined;
      }}
    >
      <TextInput source="name" label={keys.nameField} parse={config.typedName} autoFocus fullWidth />
      <StatusInput source="status" />
    </EditDialog>
  );
}
