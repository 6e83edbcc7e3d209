// The History panel where a record is shown: on a detail page, or behind a toggle in an edit dialog. Its
// code (RecordHistory.tsx) is fetched when it first shows, so pages and dialogs load without it.
import HistoryIcon from '@mui/icons-material/History';
import { Box, Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { canAccess } from '@shared/access';
import { lazyNamed } from '../../lazy';
import { usePrincipal } from '../../providers/useStaff';
import type { RecordHistoryProps } from './RecordHistory';

const RecordHistory = lazyNamed(() => import('./RecordHistory'), 'RecordHistory');

/** The panel of a record: `id`, or the shown record's (a detail page's). */
export function HistoryPanel({ id, ...props }: Omit<RecordHistoryProps, 'id'> & { id?: RecordHistoryProps['id'] }) {
  const record = useRecordContext();
  const allowed = canAccess(usePrincipal(), props.resource);
  const shown = id ?? record?.id;
  if (shown === undefined || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <RecordHistory id={shown} {...props} />
    </Suspense>
  );
}

/** In an edit dialog, under its form: "Show history" opens the record's history there. */
export function HistoryToggle(props: RecordHistoryProps) {
  const translate = useTranslate();
  const allowed = canAccess(usePrincipal(), props.resource);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Button size="small" startIcon={<HistoryIcon />} onClick={() => setOpen(!open)} aria-expanded={open}>
        {translate(open ? 'app.audit.hide_history' : 'app.audit.show_history')}
      </Button>
      {open && <HistoryPanel {...props} card={false} />}
    </Box>
  );
}
