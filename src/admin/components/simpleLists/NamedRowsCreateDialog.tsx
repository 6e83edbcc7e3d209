import { Alert } from '@mui/material';
import { useState } from 'react';
import { AddItemButton, ArrayInput, CreateBase, RemoveItemButton, SimpleFormIterator, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import { nameKey } from '@shared/text';
import { namedRowsSchema, type NamedRows } from '@shared/validation/simpleLists';
import { DialogForm, DialogFrame } from '../FormDialog';
import { useServerMessage } from '../useServerMessage';
import { duplicatesOf } from './duplicates';
import type { NamedResourceConfig } from './namedResource';
import { StatusInput } from './StatusInput';

type Row = NamedRows['rows'][number];
const NEW_ROW: Row = { name: '', status: 'Active' };

/**
 * The add dialog of categories, tags and report categories: one or several name/status rows
 * (spec §2). When the server reports some names as duplicates, the others are added and the dialog
 * keeps only the duplicate rows, with the spec's message, so nothing typed is lost.
 */
export function NamedRowsCreateDialog({
  config,
  open,
  onClose,
}: {
  config: NamedResourceConfig;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  // the form is re-created with the rows still to add (key) after a partly successful save
  const [form, setForm] = useState<{ key: number; rows: Row[]; problem: string | null }>({
    key: 0,
    rows: [NEW_ROW],
    problem: null,
  });
  const [sent, setSent] = useState<Row[]>([]);

  const close = () => {
    setForm((f) => ({ key: f.key + 1, rows: [NEW_ROW], problem: null }));
    onClose();
  };
  const duplicatesText = (names: string[]) => translate(config.keys.duplicates, { names: names.join(', ') });
  /** the rows the user typed whose names the server found taken */
  const rowsOf = (names: string[]) => {
    const keys = new Set(names.map(nameKey));
    return sent.filter((row) => keys.has(nameKey(config.typedName(row.name))));
  };

  return (
    <DialogFrame open={open} onClose={close} id={`${config.resource}-create-title`} title={translate(config.keys.add)}>
      <CreateBase
        resource={config.resource}
        redirect={false}
        transform={(values: { rows: Row[] }) => {
          setSent(values.rows);
          return { name: values.rows.map((r) => r.name.trim()), status: values.rows.map((r) => r.status) };
        }}
        mutationOptions={{
          onSuccess: (data: unknown) => {
            notify(translate(config.keys.added), { type: 'success' });
            refresh();
            const duplicates = duplicatesOf(data);
            if (!duplicates.length) return close();
            setForm((f) => ({ key: f.key + 1, rows: rowsOf(duplicates), problem: duplicatesText(duplicates) }));
          },
          onError: (e: unknown) => {
            const duplicates = duplicatesOf(e);
            const text = duplicates.length ? duplicatesText(duplicates) : serverMessage(e);
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
        {/* spec §5: Save is disabled while 'Category Name should not be empty.' shows (after a row was left, or a save attempt) */}
        <DialogForm key={form.key} schema={namedRowsSchema(config.kind)} onClose={close} defaultValues={{ rows: form.rows }} blockSaveWhileInvalid>
          <ArrayInput source="rows" label={false}>
            <SimpleFormIterator
              inline
              disableReordering
              disableClear
              disableAdd={!config.multiple}
              disableRemove={!config.multiple}
              getItemLabel={() => ''}
              addButton={<AddItemButton label="app.catalogue.add_row" />}
              removeButton={<RemoveItemButton label="app.catalogue.remove_row" />}
              // every row's remove button stays visible (react-admin shows it on hover only)
              sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
            >
              <TextInput
                source="name"
                label={config.keys.nameField}
                parse={config.typedName}
                format={(v?: string) => v ?? ''}
                autoFocus
                sx={{ minWidth: 240 }}
              />
              <StatusInput source="status" defaultValue="Active" />
            </SimpleFormIterator>
          </ArrayInput>
        </DialogForm>
      </CreateBase>
    </DialogFrame>
  );
}
