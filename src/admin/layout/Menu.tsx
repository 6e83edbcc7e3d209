import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { createElement, Suspense, useState } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import LockIcon from '@mui/icons-material/LockOutlined';
import { canAccess, permissionLabel, type Principal, RESOURCE_RULES, type ResourceName } from '@shared/access';
import { ICONS } from '../icons';
import { usePrincipal } from '../providers/useStaff';
import { lazyNamed } from '../lazy';
import { type MenuGroup, type MenuLink, visibleMenu } from './menuItems';

// the desk's badge comes with the bell's chunk, after the first screen
const OpenCasesBadge = lazyNamed(() => import('../pages/moderation/ModerationBell'), 'OpenCasesBadge');

/**
 * The permission a menu entry's data needs and the person lacks: the entry stays (spec §6 shows Report
 * Post and Report User to every staff member) but says so, with a lock, before it is opened (finding m10).
 */
function missingDataPermission(principal: Principal, link: MenuLink): string | null {
  if (!link.dataAccess || canAccess(principal, link.dataAccess)) return null;
  return RESOURCE_RULES[link.dataAccess as ResourceName] ?? null;
}

function LinkItem({ link }: { link: MenuLink }) {
  const translate = useTranslate();
  const missing = missingDataPermission(usePrincipal(), link);
  const title = translate(link.title);
  return (
    <RaMenu.Item
      to={link.url}
      primaryText={
        missing ? (
          <>
            {title}
            <LockIcon aria-hidden fontSize="inherit" sx={{ mx: 0.75, verticalAlign: 'middle', color: 'text.secondary' }} />
          </>
        ) : link.id === 'moderation' ? (
          <>
            {title}
            <Suspense fallback={null}>
              <OpenCasesBadge />
            </Suspense>
          </>
        ) : (
          title
        )
      }
      // its name stays the entry's; what it needs is its description
      aria-label={missing ? title : undefined}
      aria-description={missing ? translate('app.accounts.menu_needs_permission', { permission: translate(permissionLabel(missing)) }) : undefined}
      leftIcon={createElement(ICONS[link.icon])}
    />
  );
}

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
            <LinkItem key={c.id} link={c} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** Side menu filtered by the same rule the server enforces (src/shared/access.ts). */
export function Menu() {
  const principal = usePrincipal();
  const entries = visibleMenu((resource) => canAccess(principal, resource));
  return (
    <RaMenu>
      {entries.map((entry) =>
        entry.type === 'item' ? (
          <LinkItem key={entry.id} link={entry} />
        ) : (
          <Group key={entry.id} group={entry} />
        ),
      )}
    </RaMenu>
  );
}
