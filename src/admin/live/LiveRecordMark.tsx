// A record page told of a colleague's change to its record: "Changed by Aylin", reloaded at once unless
// the person is busy (then with a Refresh button).
import { Alert, Button } from '@mui/material';
import { useShowContext, useTranslate } from 'react-admin';
import { useLiveUpdates } from './useLive';

export function LiveRecordMark({ resource }: { resource: string }) {
  const { record, refetch } = useShowContext();
  const translate = useTranslate();
  const id = record?.id === undefined ? null : String(record.id);
  const { held, by, reloadNow } = useLiveUpdates(
    (change) => change.resource === resource && id !== null && (change.ids === null || change.ids.includes(id)),
    () => void refetch(),
  );
  if (!held && by === null) return null;
  const text = by ? translate('app.live.changedBy', { name: by }) : translate('app.live.changed');
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 2 }}
      action={
        held > 0 ? (
          <Button color="inherit" size="small" onClick={reloadNow}>
            {translate('app.live.refresh')}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
