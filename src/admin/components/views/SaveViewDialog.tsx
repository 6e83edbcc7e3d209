// The small dialog that names a view: saving the list's current state, or renaming a view. Only an Admin
// sees the "share with all staff" box.
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { VIEW_NAME_MAX } from '@shared/savedViews';
import { messageKeyOf, useServerMessage } from '../useServerMessage';

export interface ViewNaming {
  name: string;
  shared: boolean;
}

export function SaveViewDialog({
  titleKey,
  initial,
  mayShare,
  onSave,
  onClose,
}: {
  titleKey: string;
  initial: ViewNaming;
  mayShare: boolean;
  /** saves; a refusal is shown beside the name (a taken name) or under it */
  onSave: (naming: ViewNaming) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.shared);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(translate('validation.viewNameRequired'));
    setBusy(true);
    try {
      await onSave({ name: trimmed, shared });
    } catch (error) {
      const known = messageKeyOf(error);
      setProblem(known ? translate(`messages.${known.key}`, known.values) : serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-view-title">{translate(titleKey)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.views.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX, dir: 'auto' } }}
          />
          {mayShare && (
            <FormControlLabel control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />} label={translate('app.views.shareWithStaff')} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
