import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useDelete, useGetRecordRepresentation, useListContext, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { decodeNumericEntities } from '@shared/text';
import { isolateText } from '../bidi';
import { ROW_MENU_CLASS, ROW_OPEN_CLASS } from './phoneCards';
import { useServerMessage } from './useServerMessage';
import { postDeleteToast } from './undo/ServerUndo';
import { UNDO_TOAST_MS, type UndoKind } from './undo/undoable';

export interface RowActionsProps {
  /** path of the detail view, e.g. (id) => `/user/${id}` */
  viewPath?: (id: string | number) => string;
  /** path of the edit view */
  editPath?: (id: string | number) => string;
  /** or an edit dialog over the list, opened with the row's record */
  editDialog?: (props: { open: boolean; onClose: () => void }) => ReactNode;
  /** catalogue key of the delete confirmation; no key, no Delete item */
  deleteConfirmKey?: string;
  /** catalogue key of the toast after a delete */
  deletedKey?: string;
  /**
   * How the delete's toast offers Undo (components/undo/undoable.ts): not sent until the toast has gone
   * (the default), undone by the server (posts), or no Undo (accounts: their sessions end at once)
   */
  undo?: UndoKind;
  label?: string;
}

/** What staff call a record: its name, title or email. */
const nameOf = (record: Record<string, unknown>) => [record.name, record.title, record.email].find((v) => typeof v === 'string' && v.trim()) as string | undefined;

/** "Delete “istanbul”?", the name isolated from the text around it (right-to-left safe); "Delete" for a nameless record. */
export function deleteTitle(record: Record<string, unknown>, translate: ReturnType<typeof useTranslate>) {
  const name = nameOf(record);
  return name ? translate('app.records.delete_named', { name: isolateText(decodeNumericEntities(name)) }) : translate('app.actions.delete');
}

/**
 * The row's three-dot menu (spec §2 "Common list layout"): View / Edit / Delete, the delete asking
 * for confirmation first (its title names the record, the spec's question below it), then a toast in the
 * error style, and the list returns to its first page (spec §4: the spec decides it, so staying on the
 * page, asked in issue 32 p6, is not done).
 */
export function RowActions({ viewPath, editPath, editDialog, deleteConfirmKey, deletedKey, undo = 'undoable' }: RowActionsProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const representation = useGetRecordRepresentation(resource);
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const { setPage } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record) return null;

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const deleted = translate(deletedKey ?? 'ra.notification.deleted', { smart_count: 1 });
  const backToFirstPage = () => {
    setPage(1);
    refresh();
  };
  // undoable: the row leaves at once and the call goes when the toast has gone; onSettled follows the call
  const remove = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: undo === 'undoable' ? 'undoable' : 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          if (undo === 'undoable') return notify(deleted, { type: 'error', undoable: true, autoHideDuration: UNDO_TOAST_MS });
          notify(deleted, undo === 'server' ? postDeleteToast(record.id) : { type: 'error' });
          backToFirstPage();
        },
        onSettled: (_data, error) => {
          if (undo === 'undoable' && !error) backToFirstPage();
        },
        onError: (e) => {
          setConfirming(false);
          notify(serverMessage(e), { type: 'error' });
        },
      },
    );

  // what a tap on the row's card opens on a phone (phoneCards.tsx): the detail, else the edit form
  const open = () => {
    if (viewPath) return go(viewPath(record.id));
    if (editPath) return go(editPath(record.id));
    if (editDialog) setEditing(true);
  };

  return (
    <>
      {(viewPath || editPath || editDialog) && <button type="button" hidden className={ROW_OPEN_CLASS} onClick={open} />}
      <IconButton className={ROW_MENU_CLASS} aria-label={translate('app.localised.row_menu', { name: String(representation(record)) })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {viewPath && (
          <MenuItem onClick={() => go(viewPath(record.id))}>
            <ListItemIcon>
              <VisibilityIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.actions.view')}</ListItemText>
          </MenuItem>
        )}
        {(editPath || editDialog) && (
          <MenuItem
            onClick={() => {
              if (editPath) return go(editPath(record.id));
              setAnchor(null);
              setEditing(true);
            }}
          >
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.actions.edit')}</ListItemText>
          </MenuItem>
        )}
        {deleteConfirmKey && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{translate('app.actions.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {editDialog?.({ open: editing, onClose: () => setEditing(false) })}
      {deleteConfirmKey && (
        <Confirm
          isOpen={confirming}
          loading={isPending}
          title={deleteTitle(record, translate)}
          content={translate(deleteConfirmKey)}
          confirm={translate('app.actions.delete')}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
