import { DataTable } from 'react-admin';
import { formFields, formValues, listFields, recordSchema, shownFields } from '../../shared/resources/fields';
import type { ResourceDeclaration } from '../../shared/resources/index';
import { AddButtonWithDialog, EditDialog } from '../components/FormDialog';
import { ResourceTable, ResourceList } from '../components/lists';
import { RowActions } from '../components/RowActions';
import { DeclaredFieldInput } from './DeclaredFieldInput';
import { DeclaredFieldValue } from './DeclaredFieldValue';

/** The form fields of a declared resource, the first one focused. */
function DeclaredInputs({ resource }: { resource: ResourceDeclaration }) {
  return (
    <>
      {formFields(resource).map((field, i) => (
        <DeclaredFieldInput key={field.name} resource={resource.name} field={field} autoFocus={i === 0} />
      ))}
    </>
  );
}

/**
 * The list screen of a plain resource, from its declaration alone: the search box, a column per listed
 * field (sortable where declared), a row menu with View (when fields are shown on a detail page), Edit
 * and a confirmed Delete, and the add button with its dialog.
 */
export function DeclaredList({ resource }: { resource: ResourceDeclaration }) {
  const schema = recordSchema(resource);
  const { defaultOrder } = resource.api;
  const fields = `resources.${resource.name}.fields`;
  const viewPath = shownFields(resource).length ? (id: string | number) => `/${resource.name}/${encodeURIComponent(String(id))}/show` : undefined;
  return (
    <ResourceList
      searchKey={`resources.${resource.name}.search`}
      sort={{ field: defaultOrder.name, order: defaultOrder.direction }}
      actions={
        resource.api.create ? (
          <AddButtonWithDialog resource={resource.name} titleKey="ra.action.create" successKey="messages.recordAdded" schema={schema} defaultValues={formValues(resource)}>
            <DeclaredInputs resource={resource} />
          </AddButtonWithDialog>
        ) : undefined
      }
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
            editDialog={
              resource.api.update
                ? (state) => (
                    <EditDialog
                      {...state}
                      titleKey="ra.action.edit"
                      successKey="messages.recordUpdated"
                      schema={schema}
                      initialValues={(record) => formValues(resource, record)}
                    >
                      <DeclaredInputs resource={resource} />
                    </EditDialog>
                  )
                : undefined
            }
            deleteConfirmKey={resource.api.remove ? 'app.confirm.delete_record' : undefined}
            deletedKey="messages.recordDeleted"
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}
