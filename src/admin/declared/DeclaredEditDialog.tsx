// The edit dialog of a plain resource (from its list's rows and its detail page), and the form fields
// it shares with the add dialog.
import { auditEntityOf } from '@shared/audit';
import { formValues, inputFields, recordSchema, uniqueField } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { decodeNumericEntities } from '@shared/text';
import { useRecordContext } from 'react-admin';
import { EditDialog } from '../components/FormDialog';
import { DeclaredFieldInput } from './DeclaredFieldInput';
import { useTakenText } from './duplicates';
import { FormMailActions } from './MailPreview';
import { screenTexts } from './texts';

/** The form fields of a declared resource, the first one focused. */
export function DeclaredInputs({ resource, slug }: { resource: ResourceDeclaration; slug?: string }) {
  return (
    <>
      {inputFields(resource).map((field, i) => (
        <DeclaredFieldInput key={field.name} resource={resource.name} field={field} autoFocus={i === 0} slug={slug} />
      ))}
    </>
  );
}

/** The dialogs are wide for a rich-text editor (`screens.wide`). */
export const dialogWidth = (resource: ResourceDeclaration) => (resource.screens?.wide ? 'md' : undefined);

/** The record's values as the edit form starts with them: text shown decoded (spec §3), as in the list. */
const editedValues = (resource: ResourceDeclaration, record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(formValues(resource, record)).map(([name, value]) => [name, typeof value === 'string' ? decodeNumericEntities(value) : value]));

/** A row's edit dialog; a value the server finds taken is named with the resource's duplicates text. */
export function DeclaredEditDialog({ resource, ...state }: { resource: ResourceDeclaration; open: boolean; onClose: () => void }) {
  const texts = screenTexts(resource);
  const takenText = useTakenText(resource);
  // the row's record (the form's own holds only the edited fields)
  const record = useRecordContext();
  const slug = record?.slug;
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
      <DeclaredInputs resource={resource} slug={typeof slug === 'string' ? slug : undefined} />
      {/* a mail the product sends: its preview and a test mail to oneself, of the text as edited */}
      {resource.screens?.mailPreview && record && <FormMailActions id={record.id} />}
    </EditDialog>
  );
}
