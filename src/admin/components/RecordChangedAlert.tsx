// The refusal of a save whose record someone else changed meanwhile (409 'recordChanged'), kept in the
// form until dealt with: "Reload and re-apply my changes" loads the record as it is now and puts back
// over it what was typed (the next save is checked against the new version), "Show their change" opens
// the record's History beside it. A toast alone would vanish after 3 s, and a browser reload loses the text.
import { Alert, Box, Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { HistoryPanel } from './audit/History';
import type { RecordHistoryProps } from './audit/RecordHistory';
import { messageKeyOf } from './useServerMessage';

/** A save refused because the record was changed by someone else since the form opened on it. */
export const isRecordChanged = (error: unknown) => messageKeyOf(error)?.key === 'recordChanged';

export function RecordChangedAlert({
  open,
  version,
  reload,
  onReloaded,
  history,
}: {
  open: boolean;
  /** the version of the record the form stands on (changes once reloaded) */
  version: unknown;
  /** loads the record as it is now into the form (which resets it to that record) */
  reload: () => Promise<unknown>;
  onReloaded: () => void;
  history?: RecordHistoryProps;
}) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  // (read while rendering: react-hook-form tracks only the form state a component subscribed to)
  const { dirtyFields } = useFormState();
  const typed = useRef<Record<string, unknown> | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [busy, setBusy] = useState(false);

  // the form resets to the reloaded record in its own effect, which runs after this one (a parent's):
  // what was typed goes back once that has run
  useEffect(() => {
    const values = typed.current;
    if (!values) return;
    typed.current = null;
    void Promise.resolve().then(() => {
      for (const [field, value] of Object.entries(values)) setValue(field, value, { shouldDirty: true });
    });
  }, [version, setValue]);

  if (!open) return null;
  const reapply = async () => {
    setBusy(true);
    typed.current = Object.fromEntries(Object.keys(dirtyFields).map((field) => [field, getValues(field)]));
    try {
      await reload();
      onReloaded();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Alert severity="warning" role="alert">
        {translate('app.resilience.conflict')}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => void reapply()}>
            {translate('app.resilience.reloadKeep')}
          </Button>
          {history && (
            <Button size="small" color="inherit" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
              {translate('app.resilience.showTheirChange')}
            </Button>
          )}
        </Stack>
      </Alert>
      {history && showHistory && <HistoryPanel {...history} card={false} />}
    </Box>
  );
}
