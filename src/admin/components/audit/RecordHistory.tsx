// A record's History: its audit entries, newest first, a few at a time ("More" reads further). Shown to
// whoever may open the record's resource; a refusal of the server hides it as well.
import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { canAccess } from '@shared/access';
import { MAX_PAGE_SIZE } from '@shared/contract';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { usePrincipal } from '../../providers/useStaff';
import { AuditActor, AuditChanges, useAuditText } from './AuditParts';
import { RevertEntry } from './RevertEntry';
import { isRevertible } from './revertPlan';

/** Entries shown at first, and added by each "More". */
const FIRST = 5;
const MORE = 10;

export interface RecordHistoryProps {
  /** the kind of record as the trail names it (shared/audit.ts auditEntityOf) */
  entity: string;
  /** the resource whose rule opens the record (a sub-admin's is `subadmin`) */
  resource: string;
  id: string | number;
  /** inside a card of its own (a detail page), or bare (a dialog) */
  card?: boolean;
  /** after "Restore these values" saved (an edit dialog closes: its form holds the values before) */
  onReverted?: () => void;
}

export function RecordHistory({ entity, resource, id, card = true, onReverted }: RecordHistoryProps) {
  const allowed = canAccess(usePrincipal(), resource);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const text = useAuditText();
  const [limit, setLimit] = useState(FIRST);
  const { data, isPending, error } = useQuery({
    queryKey: ['recordHistory', entity, String(id), limit],
    queryFn: ({ signal }) => dataProvider.recordHistory(entity, id, limit, signal),
    enabled: allowed,
    // "More" keeps the entries on screen while the longer page comes
    placeholderData: keepPreviousData,
    retry: false,
  });
  // not the person's to read (a 403 too): no panel at all
  if (!allowed || (error as { status?: number } | null)?.status === 403) return null;

  const body = (
    <Box component="section" aria-label={translate('app.audit.history')}>
      {/* in a dialog, the toggle that opened it says what it is */}
      {card && (
        <Typography variant="subtitle1" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <HistoryIcon fontSize="small" />
          {translate('app.audit.history')}
        </Typography>
      )}
      {isPending ? (
        <Typography role="status" variant="body2" color="text.secondary">
          {translate('app.loading')}
        </Typography>
      ) : !data?.data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate(error ? 'app.no_data' : 'app.audit.history_empty')}
        </Typography>
      ) : (
        <Stack component="ol" divider={<Divider component="li" aria-hidden />} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="record-history">
          {data.data.map((entry) => (
            <Box component="li" key={entry.id}>
              <Typography variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                <Box component="span" sx={{ fontWeight: 500 }}>
                  {text.action(entry.action)}
                </Box>
                <AuditActor actor={entry.actor} action={entry.action} />
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {text.when(entry.created_at)}
                </Box>
              </Typography>
              <AuditChanges entity={entry.entity} changes={entry.changes} shown={3} />
              {isRevertible(entry.action, entry.changes) && <RevertEntry entry={entry} resource={resource} id={id} onReverted={onReverted} />}
            </Box>
          ))}
        </Stack>
      )}
      {data && data.total > data.data.length && limit < MAX_PAGE_SIZE && (
        <Button size="small" onClick={() => setLimit(Math.min(limit + MORE, MAX_PAGE_SIZE))} sx={{ mt: 1 }}>
          {translate('app.audit.more')}
        </Button>
      )}
    </Box>
  );
  return card ? (
    <Card sx={{ mt: 2 }}>
      <CardContent>{body}</CardContent>
    </Card>
  ) : (
    body
  );
}
