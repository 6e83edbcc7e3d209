import { Alert } from '@mui/material';
import { useState } from 'react';
import { AddItemButton, ArrayInput, CreateBase, RemoveItemButton, SimpleFormIterator, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formFields, formValues, inputFields, rowsSchema, uniqueField } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { nameKey } from '@shared/text';
import { DialogForm, DialogFrame } from '../components/FormDialog';
import { useServerMessage } from '../components/useServerMessage';
import { DeclaredFieldInput } from './DeclaredFieldInput';
import { duplicatesOf, useTakenText } from './duplicates';
import { screenTexts } from './texts';

type Row = Record<string, unknown>;

/**
 * The add dialog of a resource declaring `screens.addRows` (categories, tags, report categories, spec
 * §2): its form fields as one row, or as several rows added and removed at will. The rows go in one
 * call, each field as the list of its values. When the server refuses some rows as taken (the unique
 * field), the others are added and the dialog keeps only the refused rows, saying why, so nothing typed
 * is lost.
 */
export function DeclaredRowsDialog({ resource, open, onClose }: { resource: ResourceDeclaration; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const texts = screenTexts(resource);
  const several = resource.screens?.addRows === 'several';
  const fields = formFields(resource);
  const unique = uniqueField(resource);
  const newRow = () => formValues(resource);
  // the form is re-created with the rows still to add (key) after a partly successful save
  const [form, setForm] = useState<{ key: number; rows: Row[]; problem: string | null }>({ key: 0, rows: [newRow()], problem: null });
  const [sent, setSent] = useState<Row[]>([]);

  const close = () => {
    setForm((f) => ({ key: f.key + 1, rows: [newRow()], problem: null }));
    onClose();
  };
  const takenText = useTakenText(resource);
  /** the rows typed whose unique value the server found taken */
  const rowsOf = (names: string[]) => {
    const keys = new Set(names.map(nameKey));
    return unique ? sent.filter((row) => keys.has(nameKey(String(row[unique.name] ?? '')))) : [];
  };

  return (
    <DialogFrame open={open} onClose={close} id={`${resource.name}-create-title`} title={translate(texts.add)}>
      <CreateBase
        resource={resource.name}
        redirect={false}
        transform={(values: { rows: Row[] }) => {
          setSent(values.rows);
          const column = (name: string) => values.rows.map((r) => (typeof r[name] === 'string' ? (r[name] as string).trim() : r[name]));
          return Object.fromEntries(fields.map((f) => [f.name, column(f.name)]));
        }}
        mutationOptions={{
          onSuccess: (data: unknown) => {
            notify(translate(texts.added), { type: 'success' });
            refresh();
            const duplicates = duplicatesOf(data);
            if (!duplicates.length) return close();
            setForm((f) => ({ key: f.key + 1, rows: rowsOf(duplicates), problem: takenText(data) ?? null }));
          },
          onError: (e: unknown) => {
            const text = takenText(e) ?? serverMessage(e);
            notify(text, { type: 'error' });
            setForm((f) => ({ ...f, problem: text }));
          },
        }}
      >
        {form.problem && (
          <Alert severity="error" role="alert" sx={{ mx: 2, mt: 1 }}>
            {form.problem} {translate('app.catalogue.kept_duplicates')}
          </Alert>
        )}
        {/* spec §5: Save is disabled while a row's message shows (after a row was left, or a save attempt) */}
        <DialogForm key={form.key} schema={rowsSchema(resource)} onClose={close} defaultValues={{ rows: form.rows }} blockSaveWhileInvalid>
          <ArrayInput source="rows" label={false}>
            <SimpleFormIterator
              inline
              disableReordering
              disableClear
              disableAdd={!several}
              disableRemove={!several}
              getItemLabel={() => ''}
              addButton={<AddItemButton label="app.catalogue.add_row" />}
              removeButton={<RemoveItemButton label="app.catalogue.remove_row" />}
              // every row's remove button stays visible (react-admin shows it on hover only)
              sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
            >
              {inputFields(resource).map((field, i) => (
                <DeclaredFieldInput key={field.name} resource={resource.name} field={field} autoFocus={i === 0} inRow />
              ))}
            </SimpleFormIterator>
          </ArrayInput>
        </DialogForm>
      </CreateBase>
    </DialogFrame>
  );
}
