import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Box, Typography } from '@mui/material';
import { memo, type ReactNode, Suspense, useEffect } from 'react';
import { Logout, MenuItemLink, AppBar as RaAppBar, Layout as RaLayout, TitlePortal, UserMenu, useSidebarState, useTranslate } from 'react-admin';
import { LAYOUT } from '@shared/preferences';
import { lazyNamed } from '../lazy';
import { usePrincipal, useStaffIdentity } from '../providers/useStaff';
import { AppBarToolbar, AppBarTools } from './AppBarTools';
import { FullscreenButton } from './FullscreenButton';
import { Menu } from './Menu';
import { usePreferences } from './preferences';
import { ShortcutsMenu } from './Shortcuts';
import { QuickPanelButton, ShortcutBar } from './SidePanels';
import { ThemeSettingsButton } from './ThemeSettings';
import { TopMenu } from './TopMenu';
import { useDocumentTitle } from './useDocumentTitle';
import { useProfileLanguage } from './useProfileLanguage';
import { ServerUnreachableBanner } from '../components/ServerUnreachableBanner';

const MenuSearch = lazyNamed(() => import('./MenuSearch'), 'MenuSearch');
// the desk's bell comes with its own chunk, after the first screen (the initial JavaScript budget)
const ModerationBell = lazyNamed(() => import('../pages/moderation/ModerationBell'), 'ModerationBell');
// colleagues' changes, live (issue 35): its own chunk too
const LiveConnection = lazyNamed(() => import('../live/LiveConnection'), 'LiveConnection');

/** A Sub-Admin whose request is pending sees no navigation (spec §4). */
function useNavigationHidden() {
  const p = usePrincipal();
  return p.role === 'Sub-Admin' && p.status === 'Request Pending';
}

function AppUserMenu() {
  const translate = useTranslate();
  // the button shows the person's name, so its accessible name starts with it (WCAG label in name)
  const name = useStaffIdentity()?.name;
  return (
    <UserMenu label={name ? `${name} · ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu'}>
      <MenuItemLink to="/profile" primaryText={translate('app.menu.my_profile')} leftIcon={<AccountCircleIcon />} />
      <Logout />
    </UserMenu>
  );
}

// The frame's parts are memoized: react-admin renders its layout again as it registers the resources
// after the first render, and these need not follow (their own state and contexts still update them).
const AppBar = memo(function AppBar() {
  const hidden = useNavigationHidden();
  const { preferences } = usePreferences();
  const sideMenu = preferences.layout !== 'layout2' && preferences.navbar.display;
  return (
    <RaAppBar
      userMenu={<AppUserMenu />}
      toolbar={<AppBarToolbar />}
      sx={hidden || !sideMenu ? { '& .RaAppBar-menuButton': { display: 'none' } } : undefined}
    >
      <TitlePortal sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
      <AppBarTools>
        {!hidden && (
          // its Autocomplete is the only one of the start-up screens: fetched just after them, in a box of its size
          <Suspense fallback={<Box sx={{ width: { xs: '100%', sm: 220 }, mx: { xs: 0, sm: 1 } }} />}>
            <MenuSearch />
          </Suspense>
        )}
        {!hidden && (
          <Suspense fallback={null}>
            <ModerationBell />
          </Suspense>
        )}
        {!hidden && <ShortcutsMenu />}
        {!hidden && preferences.rightSidePanel.display && <QuickPanelButton />}
        <FullscreenButton />
        <ThemeSettingsButton />
      </AppBarTools>
    </RaAppBar>
  );
});

/** Without the toolbar (a theme setting), its tools still need a way back: a small bar of them. */
const ToolsOnly = memo(function ToolsOnly() {
  return (
    <Box sx={{ position: 'fixed', top: 8, insetInlineEnd: 8, zIndex: 1200, bgcolor: 'background.paper', borderRadius: 2, boxShadow: 2 }}>
      <ThemeSettingsButton />
    </Box>
  );
});

const Footer = memo(function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, px: 3, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{translate('app.footer', { year: new Date().getFullYear() })}</Typography>
    </Box>
  );
});

const NoSidebar = () => null;
const MemoMenu = memo(Menu);

/**
 * The frame (spec §3 "Theme settings", §9): layout1 side navigation, layout2 a menu bar across the top,
 * layout3 compact (the side navigation folded to icons); navbar, toolbar and footer shown or not;
 * content no wider than the layout's container.
 */
export function Layout({ children }: { children: ReactNode }) {
  const hidden = useNavigationHidden();
  const { preferences: p } = usePreferences();
  const [, setSidebarOpen] = useSidebarState();
  useDocumentTitle();
  useProfileLanguage();
  const folded = p.layout === 'layout3' || p.navbar.folded;
  useEffect(() => {
    if (folded) setSidebarOpen(false);
  }, [folded, setSidebarOpen]);
  const sideMenu = !hidden && p.navbar.display && p.layout !== 'layout2';
  return (
    <RaLayout
      appBar={p.toolbar.display ? AppBar : ToolsOnly}
      menu={MemoMenu}
      sidebar={sideMenu ? undefined : NoSidebar}
      // let wide tables scroll in their frame instead of widening the page
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    >
      {!hidden && p.navbar.display && p.layout === 'layout2' && <TopMenu />}
      <Box sx={{ display: 'flex', minWidth: 0 }}>
        {!hidden && p.leftSidePanel.display && <ShortcutBar />}
        <Box data-layout={p.layout} sx={{ minHeight: 'calc(100vh - 120px)', minWidth: 0, maxWidth: LAYOUT.containerWidth[p.layout], mx: 'auto', width: '100%' }}>
          <ServerUnreachableBanner />
          {!hidden && (
            <Suspense fallback={null}>
              <LiveConnection />
            </Suspense>
          )}
          {children}
        </Box>
      </Box>
      {p.footer.display && <Footer />}
    </RaLayout>
  );
}
