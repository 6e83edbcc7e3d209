import { DataTable } from 'react-admin';
import { formValues, inputFields, listFields, recordSchema, shownFields, uniqueField } from '../../shared/resources/fields';
import type { ResourceDeclaration } from '../../shared/resources/index';
import { auditEntityOf } from '../../shared/audit';
import { decodeNumericEntities } from '../../shared/text';
import { AddButtonWithDialog, AddFab, EditDialog } from '../components/FormDialog';
import { ResourceTable, ResourceList } from '../components/lists';
import { RowActions } from '../components/RowActions';
import { DeclaredFieldInput } from './DeclaredFieldInput';
import { DeclaredFieldValue } from './DeclaredFieldValue';
import { DeclaredRowsDialog } from './DeclaredRowsDialog';
import { useTakenText } from './duplicates';
import { screenTexts } from './texts';

/** The form fields of a declared resource, the first one focused. */
function DeclaredInputs({ resource }: { resource: ResourceDeclaration }) {
  return (
    <>
      {inputFields(resource).map((field, i) => (
        <DeclaredFieldInput key={field.name} resource={resource.name} field={field} autoFocus={i === 0} />
      ))}
    </>
  );
}

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
    <ResourceList searchKey={`resources.${resource.name}.search`} sort={{ field: defaultOrder.name, order: defaultOrder.direction }} actions={<DeclaredAdd resource={resource} />}>
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

/** The dialogs are wide for a rich-text editor (`screens.wide`). */
const dialogWidth = (resource: ResourceDeclaration) => (resource.screens?.wide ? 'md' : undefined);

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

/** The record's values as the edit form starts with them: text shown decoded (spec §3), as in the list. */
const editedValues = (resource: ResourceDeclaration, record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(formValues(resource, record)).map(([name, value]) => [name, typeof value === 'string' ? decodeNumericEntities(value) : value]));

/** A row's edit dialog; a value the server finds taken is named with the resource's duplicates text. */
function DeclaredEditDialog({ resource, ...state }: { resource: ResourceDeclaration; open: boolean; onClose: () => void }) {
  const texts = screenTexts(resource);
  const takenText = useTakenText(resource);
  return (
    <EditDialog
      {...state}
      titleKey={texts.edit}
      successKey={texts.updated}
      schema={recordSchema(resource)}
      initialValues={(record) => editedValues(resource, record)}
      describeError={uniqueField(resource) ? takenText : undefined}
      maxWidth={dialogWidth(resource)}
      history={{ entity: auditEntityOf(resource.name), resource: resource.name }}
    >
      <DeclaredInputs resource={resource} />
    </EditDialog>
  );
}
