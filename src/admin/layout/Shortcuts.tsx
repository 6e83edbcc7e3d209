import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useVisibleLinks } from './useVisibleLinks';
import { usePreferences } from './preferences';

/** Shortcuts are opened with Alt+1 … Alt+9 in the order they were pinned. */
export const MAX_KEYED_SHORTCUTS = 9;

/**
 * The shortcuts menu (spec §3 "shortcuts"): menu entries a person pins, kept as the list of menu item
 * ids with the profile, opened from here or with Alt+number.
 */
export function ShortcutsMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const links = useVisibleLinks();
  const { shortcuts, setShortcuts } = usePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // only entries this person may still open
  const pinned = shortcuts.map((id) => links.find((l) => l.id === id)).filter((l) => !!l);
  const here = links.find((l) => location.pathname === l.url || location.pathname.startsWith(`${l.url}/`));
  const herePinned = !!here && shortcuts.includes(here.id);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (!Number.isInteger(n) || n < 1 || n > MAX_KEYED_SHORTCUTS) return;
      const target = pinned[n - 1];
      if (!target) return;
      e.preventDefault();
      navigate(target.url);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pinned, navigate]);

  const go = (url: string) => {
    setAnchor(null);
    navigate(url);
  };
  return (
    <>
      <Tooltip title={translate('app.shortcuts.title')}>
        <IconButton color="inherit" aria-label={translate('app.shortcuts.title')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <StarIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {pinned.length === 0 && <MenuItem disabled>{translate('app.shortcuts.none')}</MenuItem>}
        {pinned.map((l, i) => (
          <MenuItem key={l.id} onClick={() => go(l.url)}>
            <ListItemText primary={translate(l.title)} secondary={i < MAX_KEYED_SHORTCUTS ? `Alt+${i + 1}` : undefined} />
          </MenuItem>
        ))}
        {here && <Divider />}
        {here && (
          <MenuItem
            onClick={() => {
              setShortcuts(herePinned ? shortcuts.filter((id) => id !== here.id) : [...shortcuts, here.id]);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{herePinned ? <StarBorderIcon fontSize="small" /> : <StarIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{translate(herePinned ? 'app.shortcuts.unpin' : 'app.shortcuts.pin', { title: translate(here.title) })}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
