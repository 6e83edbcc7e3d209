// A list told of colleagues' changes (useLiveUpdates): it reloads itself unless the person is busy
// (rows ticked, a dialog open, typing), and says so in a small line above the rows: "Updated by Aylin",
// or "3 changes: refresh" while held back.
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useLiveUpdates } from './useLive';

export function LiveListMark() {
  const { resource, selectedIds, refetch } = useListContext();
  const translate = useTranslate();
  const { held, by, reloadNow } = useLiveUpdates(
    (change) => change.resource === resource,
    () => void refetch(),
    () => selectedIds.length > 0,
  );
  return (
    <Box role="status" aria-live="polite" sx={{ px: 2, minHeight: 0, display: 'flex', justifyContent: 'flex-end' }}>
      {held > 0 ? (
        <Button size="small" startIcon={<SyncIcon />} onClick={reloadNow}>
          {translate('app.live.changes', { smart_count: held })}
        </Button>
      ) : (
        by !== null && (
          <Typography variant="caption" color="text.secondary" data-live-updated>
            {by ? translate('app.live.updatedBy', { name: by }) : translate('app.live.updated')}
          </Typography>
        )
      )}
    </Box>
  );
}
