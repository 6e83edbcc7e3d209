import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { createElement, useState } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { canAccess } from '../../shared/access';
import { ICONS } from '../icons';
import { usePrincipal } from '../providers/useStaff';
import { type MenuGroup, visibleMenu } from './menuItems';


function Group({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const location = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => group.children.some((c) => location.pathname.startsWith(c.url)));
  return (
    <>
      {/* inside react-admin's role="menu": the group's toggle is a menu item, its entries a group */}
      <ListItemButton role="menuitem" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={translate(group.title)} sx={{ py: 0.75 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{createElement(ICONS[group.icon])}</ListItemIcon>
        {/* folded, the navigation shows icons only */}
        {sidebarOpen && <ListItemText primary={translate(group.title)} />}
        {sidebarOpen && (open ? <ExpandLess /> : <ExpandMore />)}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding role="group" aria-label={translate(group.title)} sx={{ ps: sidebarOpen ? 2 : 0, '& .MuiMenuItem-root': { ps: sidebarOpen ? 3 : 2 } }}>
          {group.children.map((c) => (
            <RaMenu.Item key={c.id} to={c.url} primaryText={translate(c.title)} leftIcon={createElement(ICONS[c.icon])} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** Side menu filtered by the same rule the server enforces (src/shared/access.ts). */
export function Menu() {
  const translate = useTranslate();
  const principal = usePrincipal();
  const entries = visibleMenu((resource) => canAccess(principal, resource));
  return (
    <RaMenu>
      {entries.map((entry) =>
        entry.type === 'item' ? (
          <RaMenu.Item
            key={entry.id}
            to={entry.url}
            primaryText={translate(entry.title)}
            leftIcon={createElement(ICONS[entry.icon])}
          />
        ) : (
          <Group key={entry.id} group={entry} />
        ),
      )}
    </RaMenu>
  );
}
