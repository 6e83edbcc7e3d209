import { DataTable } from 'react-admin';
import { formValues, listFields, recordSchema, shownFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { AddButtonWithDialog, AddFab } from '../components/FormDialog';
import { ResourceTable, ResourceList } from '../components/lists';
import { RowActions } from '../components/RowActions';
import { DeclaredEditDialog, DeclaredInputs, dialogWidth } from './DeclaredEditDialog';
import { DeclaredFieldValue } from './DeclaredFieldValue';
import { DeclaredRowsDialog } from './DeclaredRowsDialog';
import { screenTexts } from './texts';

/**
 * The list screen of a plain resource, from its declaration alone: the search box, a column per listed
 * field (sortable where declared), a row menu with View (when fields are shown on a detail page), Edit
 * and a confirmed Delete, and the add button with its dialog (a form, or rows: `screens.addRows`).
 */
export function DeclaredList({ resource }: { resource: ResourceDeclaration }) {
  const { defaultOrder } = resource.api;
  const texts = screenTexts(resource);
  const fields = `resources.${resource.name}.fields`;
  const viewPath = shownFields(resource).length ? (id: string | number) => `/${resource.name}/${encodeURIComponent(String(id))}/show` : undefined;
  return (
    <ResourceList
      searchKey={`resources.${resource.name}.search`}
      sort={{ field: defaultOrder.name, order: defaultOrder.direction }}
      actions={<DeclaredAdd resource={resource} />}
    >
      <ResourceTable>
        {listFields(resource).map((field) => (
          <DataTable.Col key={field.name} source={field.name} label={`${fields}.${field.name}`} disableSort={!field.sortable}>
            <DeclaredFieldValue field={field} inList />
          </DataTable.Col>
        ))}
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            viewPath={viewPath}
            editDialog={resource.api.update ? (state) => <DeclaredEditDialog resource={resource} {...state} /> : undefined}
            deleteConfirmKey={resource.api.remove ? texts.deleteConfirm : undefined}
            deletedKey={texts.deleted}
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

/** The add button of a resource that has a create call: its form dialog, or its rows dialog. */
function DeclaredAdd({ resource }: { resource: ResourceDeclaration }) {
  const texts = screenTexts(resource);
  if (!resource.api.create) return null;
  if (resource.screens?.addRows) return <AddFab titleKey={texts.add} dialog={(state) => <DeclaredRowsDialog resource={resource} {...state} />} />;
  return (
    <AddButtonWithDialog
      resource={resource.name}
      titleKey={texts.add}
      successKey={texts.added}
      schema={recordSchema(resource)}
      defaultValues={formValues(resource)}
      maxWidth={dialogWidth(resource)}
    >
      <DeclaredInputs resource={resource} />
    </AddButtonWithDialog>
  );
}
