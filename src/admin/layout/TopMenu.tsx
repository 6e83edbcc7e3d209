import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { canAccess } from '@shared/access';
import { usePrincipal } from '../providers/useStaff';
import { type MenuGroup, visibleMenu } from './menuItems';

/** layout2 (spec §3): the menu as a bar across the top instead of the side navigation. */
export function TopMenu() {
  const translate = useTranslate();
  const location = useLocation();
  const principal = usePrincipal();
  const entries = visibleMenu((resource) => canAccess(principal, resource));
  return (
    <Box component="nav" aria-label={translate('app.theme.navigation')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      {entries.map((e) =>
        e.type === 'item' ? (
          <Button key={e.id} component={Link} to={e.url} size="small" color={location.pathname.startsWith(e.url) ? 'primary' : 'inherit'} aria-current={location.pathname.startsWith(e.url) ? 'page' : undefined}>
            {translate(e.title)}
          </Button>
        ) : (
          <TopGroup key={e.id} group={e} />
        ),
      )}
    </Box>
  );
}

function TopGroup({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" color="inherit" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {translate(group.title)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {group.children.map((c) => (
          <MenuItem key={c.id} component={Link} to={c.url} onClick={() => setAnchor(null)}>
            {translate(c.title)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
