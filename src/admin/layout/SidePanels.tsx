import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import { IconButton, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { lazyNamed } from '../lazy';

const QuickPanel = lazyNamed(() => import('./SidePanelContent'), 'QuickPanel');
const LazyShortcutBar = lazyNamed<'ShortcutBar', object>(() => import('./SidePanelContent'), 'ShortcutBar');

/** The left side panel (a theme setting): a slim bar of the pinned shortcuts beside the content. */
export function ShortcutBar() {
  return (
    <Suspense fallback={null}>
      <LazyShortcutBar />
    </Suspense>
  );
}

/**
 * The right side panel's button (a theme setting): opens the quick panel with today, the shortcuts and
 * the open reports. The panel stays mounted once opened, so it closes with its animation.
 */
export function QuickPanelButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.quick_panel.title')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.quick_panel.title')}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <ViewSidebarIcon />
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <QuickPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
