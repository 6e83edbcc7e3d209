// The Undo button of a toast whose change the server has already made (components/undo/undoable.ts):
// Undo asks the server to put it back (a post's delete: restored; a report's hide or Inactive: the spec's
// call again, which sets the other status), and that is recorded in the History like any change.
import { Button } from '@mui/material';
import { useState } from 'react';
import { type NotificationType, type RaRecord, useCloseNotification, useNotify, useRefresh, useTranslate } from 'react-admin';
import { trash } from '../../providers/dataProvider';
import { useServerMessage } from '../useServerMessage';
import { UNDO_TOAST_MS } from './undoable';

function ServerUndoButton({ undo }: { undo: () => Promise<unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const close = useCloseNotification();
  const serverMessage = useServerMessage();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    close();
    try {
      await undo();
      notify('app.undo.undone', { type: 'success' });
      refresh();
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    }
  };
  return (
    <Button color="inherit" size="small" disabled={busy} onClick={run} sx={{ fontWeight: 600 }}>
      {translate('app.undo.undo')}
    </Button>
  );
}

/** The options of a toast whose change `undo` takes back: its Undo button, and long enough to reach it. */
export const serverUndoToast = (type: NotificationType, undo: () => Promise<unknown>) => ({
  type,
  autoHideDuration: UNDO_TOAST_MS,
  action: <ServerUndoButton undo={undo} />,
});

/** A post's or itinerary's delete toast: Undo restores it (its deleter, within minutes: modules/trash/service.ts). */
export const postDeleteToast = (id: RaRecord['id']) => serverUndoToast('error', () => trash.undoDelete(id));
