import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider, BulkUserAction } from '../../providers/dataProvider';
import { useServerMessage } from '../../components/useServerMessage';

const ACTIONS: BulkUserAction[] = ['delete', 'inactive', 'active'];

/**
 * The bulk confirmation: a delete keeps the spec's warning (§8: it cannot be undone); a change of status
 * can be changed back, so it says which status the users get and that it is reversible.
 */
function bulkConfirmText(action: BulkUserAction, translate: ReturnType<typeof useTranslate>) {
  if (action === 'delete') return translate('app.confirm.bulk_users');
  return translate('app.records.bulk_status', { status: translate(action === 'active' ? 'app.status.Active' : 'app.status.Inactive') });
}

/** The bulk menu shown when rows are ticked (spec §2 "/user"): Delete, Inactive, Active, after a confirmation. */
export function UserBulkActions() {
  const { selectedIds, onUnselectItems, setPage } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<BulkUserAction | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (!action) return;
    setRunning(true);
    try {
      const res = await dataProvider.bulkUserAction(selectedIds, action);
      notify(
        translate('messages.bulkResult', {
          n: res.succeedUserIds.length,
          m: res.failedUserIds.length,
          action: translate(`app.bulk.done.${action}`),
        }),
        { type: res.failedUserIds.length ? 'warning' : 'success' },
      );
      onUnselectItems();
      if (action === 'delete') setPage(1);
      refresh();
    } catch (e) {
      notify(serverMessage(e, 'messages.unableToBulkAction'), { type: 'error' });
    } finally {
      setRunning(false);
      setAction(null);
    }
  };

  return (
    <>
      <Button size="small" endIcon={<ArrowDropDownIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {translate('app.bulk.menu')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ACTIONS.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              setAction(a);
            }}
          >
            {translate(`app.bulk.${a}`)}
          </MenuItem>
        ))}
      </Menu>
      <Confirm
        isOpen={!!action}
        loading={running}
        title={action ? translate(`app.bulk.${action}`) : ''}
        content={action ? bulkConfirmText(action, translate) : ''}
        onConfirm={run}
        onClose={() => setAction(null)}
      />
    </>
  );
}
