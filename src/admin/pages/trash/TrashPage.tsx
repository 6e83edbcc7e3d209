// The Trash (/trash, Admins, issue 35): the posts or itineraries staff deleted, newest deleted first,
// searched, paged; Restore puts one back, or every ticked row at once (all or none), each restore in the
// post's History.
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { type RaRecord, ResourceContextProvider, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { isolateText } from '../../bidi';
import { useFormatMoment } from '../../components/dates';
import { ResourceList, ResourceTable } from '../../components/lists';
import { Col } from '../../components/phoneCards';
import { useServerMessage } from '../../components/useServerMessage';
import { trash } from '../../providers/dataProvider';
import type { TrashedPost, TrashType } from '../../providers/trash';

const columns = 'app.trash.columns';
const NEWEST_DELETED = { field: 'deleted_at', order: 'DESC' } as const;

export function TrashPage() {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value="trash">
      <ResourceList title={translate('app.trash.title')} searchKey="app.trash.search" sort={NEWEST_DELETED} exportable={false} views={false}>
        <TypeTabs />
        <ResourceTable bulkActionButtons={<RestoreTicked />}>
          <Col source="title" label={`${columns}.title`} />
          <Col source="user" label={`${columns}.author`} disableSort />
          <Col source="deleted_at" label={`${columns}.deleted_at`}>
            <DeletedAt />
          </Col>
          <Col source="deleted_by" label={`${columns}.deleted_by`} disableSort>
            <DeletedBy />
          </Col>
          <Col source="id" label="app.trash.restore" disableSort>
            <RestoreOne />
          </Col>
        </ResourceTable>
      </ResourceList>
    </ResourceContextProvider>
  );
}

/** Posts or itineraries: the list's `type` filter, kept in the URL like any filter. */
function TypeTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const type: TrashType = filterValues.type === 'itinerary' ? 'itinerary' : 'post';
  return (
    <Tabs
      value={type}
      onChange={(_e, value: TrashType) => setFilters({ ...filterValues, type: value }, displayedFilters)}
      aria-label={translate('app.trash.kind')}
      sx={{ px: 1 }}
    >
      <Tab value="post" label={translate('app.trash.posts')} />
      <Tab value="itinerary" label={translate('app.trash.itineraries')} />
    </Tabs>
  );
}

function DeletedAt() {
  const record = useRecordContext<TrashedPost>();
  const moment = useFormatMoment();
  return record ? <span>{moment(record.deleted_at)}</span> : null;
}

function DeletedBy() {
  const record = useRecordContext<TrashedPost>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{record.deleted_by ?? translate('app.trash.account_deleted')}</span>;
}

/** Restores `ids`, tells the server's answer and shows the list without them. */
function useRestore() {
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const [busy, setBusy] = useState(false);
  const restore = async (ids: readonly RaRecord['id'][]) => {
    setBusy(true);
    try {
      notify(serverMessage(await trash.restore(ids)), { type: 'success' });
      refresh();
      return true;
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { restore, busy };
}

function RestoreOne() {
  const record = useRecordContext<TrashedPost>();
  const translate = useTranslate();
  const { restore, busy } = useRestore();
  if (!record) return null;
  return (
    <Button
      size="small"
      startIcon={<RestoreFromTrashIcon />}
      disabled={busy}
      aria-label={translate('app.trash.restore_named', { name: isolateText(record.title) })}
      onClick={(e) => {
        e.stopPropagation();
        void restore([record.id]);
      }}
    >
      {translate('app.trash.restore')}
    </Button>
  );
}

/** The bulk action: every ticked row back at once. */
function RestoreTicked() {
  const translate = useTranslate();
  const { selectedIds, resource } = useListContext();
  const unselectAll = useUnselectAll(resource);
  const { restore, busy } = useRestore();
  return (
    <Button size="small" startIcon={<RestoreFromTrashIcon />} disabled={busy || !selectedIds.length} onClick={async () => (await restore(selectedIds)) && unselectAll()}>
      {translate('app.trash.restore')}
    </Button>
  );
}
