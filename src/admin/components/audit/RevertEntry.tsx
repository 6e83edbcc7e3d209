// "Restore these values" under a History entry (issue 35): a confirmation lists the fields and the values
// that come back (and names those that cannot), then the record's normal save sends them, checked against
// the record as it is now (a colleague's save since is a 409) and recorded as a revert of the entry.
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, type RaRecord, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AuditEntry } from '@shared/audit';
import { type BackOfficeDataProvider, ENDPOINTS } from '../../providers/dataProvider';
import { initialValues, type PostDialogValues, toWire } from '../../resources/post/postForm';
import type { PostDetail } from '../../resources/post/types';
import { useServerMessage } from '../useServerMessage';
import { useAuditText } from './AuditParts';
import { revertPlan, SENT_WITH } from './revertPlan';

interface RevertEntryProps {
  entry: AuditEntry;
  /** the resource whose save takes the values back */
  resource: string;
  id: RaRecord['id'];
  /** after the save (an edit dialog closes: its form holds the values before) */
  onReverted?: () => void;
}

/** The record as its save starts from: its detail where the resource has one, else its list row. */
async function currentRecord(dataProvider: BackOfficeDataProvider, resource: string, id: RaRecord['id']) {
  if (ENDPOINTS[resource]?.one) return (await dataProvider.getOne(resource, { id })).data;
  const [row] = (await dataProvider.getMany(resource, { ids: [id] })).data;
  if (!row) throw new Error('ra.notification.item_doesnt_exist');
  return row;
}

/** What the save sends: the record (or what its form sends of it) with the values back; a post through its form's wire shape. */
function savedData(resource: string, record: RaRecord, values: Record<string, unknown>) {
  if (resource === 'post' || resource === 'itinerary') {
    const post = record as unknown as PostDetail;
    return toWire({ ...initialValues(post), ...values } as PostDialogValues, post);
  }
  const sent = SENT_WITH[resource];
  return { ...(sent ? Object.fromEntries(sent.map((f) => [f, record[f]])) : record), ...values };
}

export function RevertEntry({ entry, resource, id, onReverted }: RevertEntryProps) {
  const translate = useTranslate();
  const text = useAuditText();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  // read when the confirmation opens, so the save is checked against the record as it is then
  const { data: record } = useQuery({
    queryKey: ['revertRecord', resource, String(id), entry.id],
    queryFn: () => currentRecord(dataProvider, resource, id),
    enabled: asking,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!ENDPOINTS[resource]?.update) return null;
  const plan = record ? revertPlan(resource, entry.changes, record) : null;

  const save = async () => {
    if (!record || !plan?.restored.length) return setAsking(false);
    setSaving(true);
    try {
      const values = Object.fromEntries(plan.restored.map((r) => [r.field, r.value]));
      await dataProvider.update(resource, { id, data: savedData(resource, record, values), previousData: record, meta: { revertOf: entry.id } });
      notify('app.revert.done', { type: 'success' });
      refresh();
      onReverted?.();
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };

  const content = plan && (
    <Box>
      {plan.restored.length ? (
        <>
          <Typography variant="body2">{translate('app.revert.comes_back')}</Typography>
          <Box component="ul" sx={{ my: 1, pl: 3 }} data-testid="revert-values">
            {plan.restored.map((r) => (
              <li key={r.field}>
                <Box component="span" sx={{ fontWeight: 500 }}>
                  {text.field(entry.entity, r.field)}
                </Box>
                {': '}
                <bdi>{text.value(r.value, r.field)}</bdi>
              </li>
            ))}
          </Box>
        </>
      ) : (
        <Typography variant="body2">{translate('app.revert.nothing')}</Typography>
      )}
      {plan.leftOut.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="revert-left-out">
          {translate('app.revert.left_out')} {plan.leftOut.map((f) => text.field(entry.entity, f)).join(', ')}
        </Typography>
      )}
    </Box>
  );

  return (
    <>
      <Button size="small" startIcon={<RestoreIcon />} onClick={() => setAsking(true)} sx={{ px: 0.5, mt: 0.5, textTransform: 'none' }}>
        {translate('app.revert.action')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={saving || !record}
        title={translate('app.revert.title')}
        content={content ?? translate('app.loading')}
        confirm={translate('app.revert.confirm')}
        onConfirm={save}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
