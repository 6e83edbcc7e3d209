// The bulk edit of a list (issue 35), among react-admin's bulk action buttons: with rows ticked, a dialog
// picks what to change (a declared bulk field and its value, or a delete) and for which rows: the ticked
// ones or all N that match the list's search and filters (Gmail's "select all"); a confirmation names
// the count; the server works the change as a job (BulkProgress shows it).
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useLocaleState, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { bulkOf, type BulkChange, filterParams, resourceNamed } from '@shared/resources/index';
import { useServerMessage } from '../useServerMessage';
import { bulkCalls } from './bulkCalls';
import { LinkPicker } from './LinkPicker';

type Scope = 'ticked' | 'all';

/** The list's search and filters as the list call sends them. */
function listQueryOf(resource: string, filterValues: Record<string, unknown>): Record<string, string> {
  const declaration = resourceNamed(resource)!;
  const query: Record<string, string> = {};
  if (typeof filterValues.q === 'string' && filterValues.q.trim()) query.filter = filterValues.q.trim();
  for (const name of filterParams(declaration)) {
    const value = filterValues[name];
    if (value !== undefined && value !== null && value !== '') query[name] = String(value);
  }
  return query;
}

export function BulkEditButton() {
  const resource = useResourceContext()!;
  const bulk = bulkOf(resourceNamed(resource)!);
  const { selectedIds, total, filterValues, onUnselectItems, meta } = useListContext();
  // a search's total is exact up to 1,000 (db/list.ts): beyond, "1,000+"
  const more = (meta as { totalExact?: boolean } | undefined)?.totalExact === false;
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const locale = useLocaleState()[0];
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [scope, setScope] = useState<Scope>('ticked');
  const [fieldName, setFieldName] = useState('');
  const [value, setValue] = useState<string>('');
  const [linkMode, setLinkMode] = useState<'add' | 'remove'>('add');
  if (!bulk) return null;
  const field = bulk.fields.find((f) => f.name === fieldName);
  const count = scope === 'all' ? (total ?? selectedIds.length) : selectedIds.length;
  const number = (n: number) => n.toLocaleString(locale, { numberingSystem: 'latn' } as Intl.NumberFormatOptions);
  const counted = (n: number) => (scope === 'all' && more ? `${number(n)}+` : number(n));
  const label = (labels: string | undefined, v: string) => (labels ? translate(`${labels}.${v}`, { _: v }) : v);
  const ready = fieldName === 'delete' || (!!field && value !== '');

  const change = (): BulkChange => {
    if (fieldName === 'delete') return { delete: true };
    if (field!.kind === 'yesNo') return { field: field!.name, value: value === 'yes' };
    if (field!.kind === 'links') return linkMode === 'add' ? { field: field!.name, add: Number(value) } : { field: field!.name, remove: Number(value) };
    return { field: field!.name, value };
  };
  const close = () => {
    setOpen(false);
    setConfirming(false);
  };
  const apply = async () => {
    try {
      await bulkCalls.start(resource, change(), scope === 'all' ? { query: listQueryOf(resource, filterValues) } : { ids: selectedIds.map(Number) });
      close();
      onUnselectItems();
      notify('app.bulk.started', { type: 'info', messageArgs: { count: counted(count) } });
    } catch (error) {
      notify(serverMessage(error), { type: 'error' });
    }
  };

  return (
    <>
      <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)}>
        {translate('app.bulk.edit')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="bulk-edit-title">
        <DialogTitle id="bulk-edit-title">{translate('app.bulk.title')}</DialogTitle>
        <DialogContent>
          {confirming ? (
            <Typography role="alert">{translate(fieldName === 'delete' ? 'app.bulk.confirm_delete' : 'app.bulk.confirm', { count: counted(count) })}</Typography>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <RadioGroup value={scope} onChange={(e) => setScope(e.target.value as Scope)} aria-label={translate('app.bulk.which')}>
                <FormControlLabel value="ticked" control={<Radio />} label={translate('app.bulk.ticked', { count: number(selectedIds.length) })} />
                {(total ?? 0) > selectedIds.length && <FormControlLabel value="all" control={<Radio />} label={translate('app.bulk.all_matching', { count: more ? `${number(total ?? 0)}+` : number(total ?? 0) })} />}
              </RadioGroup>
              <FormControl fullWidth>
                <InputLabel id="bulk-field-label">{translate('app.bulk.field')}</InputLabel>
                <Select labelId="bulk-field-label" label={translate('app.bulk.field')} value={fieldName} onChange={(e) => (setFieldName(e.target.value), setValue(''))}>
                  {bulk.fields.map((f) => (
                    <MenuItem key={f.name} value={f.name}>
                      {translate(f.label)}
                    </MenuItem>
                  ))}
                  {bulk.delete && <MenuItem value="delete">{translate('ra.action.delete')}</MenuItem>}
                </Select>
              </FormControl>
              {field?.kind === 'links' && (
                <RadioGroup row value={linkMode} onChange={(e) => setLinkMode(e.target.value as 'add' | 'remove')} aria-label={translate(field.label)}>
                  <FormControlLabel value="add" control={<Radio />} label={translate('app.bulk.add')} />
                  <FormControlLabel value="remove" control={<Radio />} label={translate('app.bulk.remove')} />
                </RadioGroup>
              )}
              {field?.kind === 'links' && <LinkPicker reference={field.reference!} label={translate(field.label)} value={value} onChange={setValue} />}
              {field && field.kind !== 'links' && (
                <FormControl fullWidth>
                  <InputLabel id="bulk-value-label">{translate('app.bulk.value')}</InputLabel>
                  <Select labelId="bulk-value-label" label={translate('app.bulk.value')} value={value} onChange={(e) => setValue(e.target.value)}>
                    {(field.kind === 'yesNo' ? ['yes', 'no'] : (field.choices ?? [])).map((v) => (
                      <MenuItem key={v} value={v}>
                        {field.kind === 'yesNo' ? translate(`app.filters.${v}`) : label(field.labels, v)}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          {confirming ? (
            <Button variant="contained" color={fieldName === 'delete' ? 'error' : 'primary'} onClick={() => void apply()}>
              {translate('app.bulk.apply', { count: counted(count) })}
            </Button>
          ) : (
            <Button variant="contained" disabled={!ready} onClick={() => setConfirming(true)}>
              {translate('app.bulk.next')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
