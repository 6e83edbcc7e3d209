// One saved view in the sidebar: a click applies it, the current one is marked, and its menu copies its
// link and (to whoever may change it) renames, saves the current list over it, shares or deletes it.
import CheckIcon from '@mui/icons-material/Check';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItem, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SavedView } from '@shared/savedViews';

export type ViewAction = 'copyLink' | 'rename' | 'overwrite' | 'share' | 'unshare' | 'delete';

/** What the person may do with a view from its menu. */
function actionsOf(view: SavedView, mayShare: boolean): ViewAction[] {
  if (!view.editable) return ['copyLink'];
  return ['copyLink', 'rename', 'overwrite', ...(mayShare ? [view.shared ? ('unshare' as const) : ('share' as const)] : []), 'delete'];
}

export function ViewItem({
  view,
  current,
  mayShare,
  onApply,
  onAction,
}: {
  view: SavedView;
  current: boolean;
  mayShare: boolean;
  onApply: () => void;
  onAction: (action: ViewAction) => void;
}) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const byOther = view.shared && !view.mine && view.owner_name;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={translate('app.views.options', { name: view.name })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton selected={current} aria-current={current ? 'true' : undefined} onClick={onApply} sx={{ pe: 5 }}>
        {/* aria-current tells a screen reader which view the list shows; the tick shows it */}
        <ListItemIcon sx={{ minWidth: 28 }}>{current && <CheckIcon fontSize="small" color="primary" />}</ListItemIcon>
        <ListItemText
          primary={<span dir="auto">{view.name}</span>}
          secondary={byOther ? translate('app.views.by', { name: view.owner_name }) : undefined}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actionsOf(view, mayShare).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            {translate(`app.views.actions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </ListItem>
  );
}
