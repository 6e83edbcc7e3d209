import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useServerMessage } from './useServerMessage';

/** What is wrong with a typed sequence: below 0, or not a whole number. */
const sequenceProblem = (value: string) => (Number(value) < 0 ? 'app.records.sequence_min' : 'app.records.sequence_whole');

/**
 * Inline sequence editing (spec §4): click the value, type a whole number (minimum 0), confirm or
 * cancel. Nothing is sent when the value is unchanged or empty.
 */
export function SequenceEditor({ source = 'sequence' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  if (!record || !resource) return null;
  const current = Number(record[source] ?? 0);

  const start = () => {
    setValue(String(current));
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const valid = /^\d+$/.test(value);
  const confirm = async () => {
    const next = Number(value);
    if (!value || !valid || next === current || next === 0) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      const res = await dataProvider.changeSequence(resource, record.id, next);
      notify(serverMessage(res.message), { type: 'success' });
      refresh();
    } catch (e) {
      notify(serverMessage(e, 'messages.unableToUpdateSequence'), { type: 'error' });
    } finally {
      setSaving(false);
      setEditing(false);
    }
  };

  if (!editing) {
    return (
      <Tooltip title={translate('app.sequence.edit')}>
        <Button size="small" onClick={start} aria-label={`${translate('app.sequence.edit')}: ${current}`} sx={{ minWidth: 40 }}>
          {current}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} onClick={(e) => e.stopPropagation()}>
      <TextField
        size="small"
        type="number"
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') confirm();
          if (e.key === 'Escape') cancel();
        }}
        error={!!value && !valid}
        helperText={value && !valid ? translate(sequenceProblem(value)) : undefined}
        slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': translate('app.sequence.edit') } }}
        sx={{ width: 90 }}
      />
      <IconButton size="small" color="primary" onClick={confirm} disabled={saving || (!!value && !valid)} aria-label={translate('app.sequence.save')}>
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={cancel} aria-label={translate('app.sequence.cancel')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
