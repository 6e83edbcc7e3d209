import PaletteIcon from '@mui/icons-material/Palette';
import { Drawer, IconButton, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { lazyNamed } from '../lazy';

// its sliders, radios and switches are fetched when the panel is first opened
const ThemeSettingsPanel = lazyNamed(() => import('./ThemeSettingsPanel'), 'ThemeSettingsPanel');

/** The app bar's button and the theme settings panel (spec §3 "Theme settings"). */
export function ThemeSettingsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.theme.title')}>
        <IconButton color="inherit" aria-label={translate('app.theme.title')} onClick={() => setOpen(true)}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { 'aria-label': translate('app.theme.title'), sx: { width: 320 } } }}>
        <Suspense fallback={<Loading />}>
          <ThemeSettingsPanel onClose={() => setOpen(false)} />
        </Suspense>
      </Drawer>
    </>
  );
}
