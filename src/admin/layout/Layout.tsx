import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Logout,
  MenuItemLink,
  AppBar as RaAppBar,
  Layout as RaLayout,
  TitlePortal,
  UserMenu,
  useTranslate,
} from 'react-admin';
import { session } from '../providers/session';
import { Menu } from './Menu';

/** A Sub-Admin whose request is pending sees no navigation (spec §4). */
export const isNavigationHidden = () => {
  const p = session.principal();
  return p.role === 'Sub-Admin' && p.status === 'Request Pending';
};

function AppUserMenu() {
  const translate = useTranslate();
  return (
    <UserMenu>
      <MenuItemLink to="/profile" primaryText={translate('app.menu.my_profile')} leftIcon={<AccountCircleIcon />} />
      <Logout />
    </UserMenu>
  );
}

function AppBar() {
  return (
    <RaAppBar
      userMenu={<AppUserMenu />}
      sx={isNavigationHidden() ? { '& .RaAppBar-menuButton': { display: 'none' } } : undefined}
    >
      <TitlePortal />
    </RaAppBar>
  );
}

function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, px: 3, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{translate('app.footer', { year: new Date().getFullYear() })}</Typography>
    </Box>
  );
}

const NoSidebar = () => null;

export function Layout({ children }: { children: ReactNode }) {
  const hidden = isNavigationHidden();
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      sidebar={hidden ? NoSidebar : undefined}
      // let wide tables scroll in their frame instead of widening the page
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    >
      <Box sx={{ minHeight: 'calc(100vh - 120px)', minWidth: 0 }}>{children}</Box>
      <Footer />
    </RaLayout>
  );
}
