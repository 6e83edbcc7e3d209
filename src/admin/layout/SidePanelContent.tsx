// The side panels' contents, fetched when first shown (the left bar is off by default, the quick panel
// opens on a click): the start-up code holds only the quick panel's button (SidePanels.tsx).
import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardStatistics } from '@shared/contract';
import { pendingReportsPath, REPORT_LISTS } from '../components/reports/reportLinks';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { usePreferences } from './preferences';
import { useVisibleLinks } from './useVisibleLinks';

/** The pinned shortcuts that this person may still open, in their order. */
function usePinned() {
  const links = useVisibleLinks();
  const { shortcuts } = usePreferences();
  return shortcuts.map((id) => links.find((l) => l.id === id)).filter((l) => !!l);
}

/** The left side panel (a theme setting): a slim bar of the pinned shortcuts beside the content. */
export function ShortcutBar() {
  const translate = useTranslate();
  const pinned = usePinned();
  return (
    <Box component="nav" aria-label={translate('app.shortcuts.title')} sx={{ width: 120, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider', py: 1 }}>
      <Typography variant="overline" sx={{ px: 1.5 }}>
        {translate('app.shortcuts.title')}
      </Typography>
      {pinned.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5 }}>
          {translate('app.shortcuts.none')}
        </Typography>
      ) : (
        <List dense>
          {pinned.map((l) => (
            <ListItemButton key={l.id} component={Link} to={l.url}>
              <ListItemText primary={translate(l.title)} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Today's date, written out in the locale: formatted only while the panel shows (Intl formatters are costly to make). */
function Today({ locale }: { locale: string }) {
  const today = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
  return <Typography data-testid="quick-panel-today">{today}</Typography>;
}

/** The right side panel (a theme setting): the quick panel with today, the shortcuts and the open reports. */
export function QuickPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const pinned = usePinned();
  const [reports, setReports] = useState<Pick<DashboardStatistics, 'reportPending' | 'reportPendingByType'> | null>(null);
  useEffect(() => {
    if (!open) return;
    dataProvider
      .getStatistics()
      .then((s) => setReports(s))
      .catch(() => setReports(null)); // a Sub-Admin without the dashboard sees the rest
  }, [open, dataProvider]);
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': translate('app.quick_panel.title'), sx: { width: 300 } } }}>
      <Box sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {translate('app.quick_panel.title')}
          </Typography>
          <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="overline">{translate('app.quick_panel.today')}</Typography>
        <Today locale={locale} />
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="overline">{translate('app.shortcuts.title')}</Typography>
        {pinned.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.shortcuts.none')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {pinned.map((l) => (
              <ListItemButton key={l.id} component={Link} to={l.url} onClick={onClose}>
                <ListItemText primary={translate(l.title)} />
              </ListItemButton>
            ))}
          </List>
        )}
        {reports !== null && (
          <>
            <Divider sx={{ my: 1.5 }} />
            <Typography variant="overline">{translate('app.quick_panel.reports')}</Typography>
            {/* the reports still to handle (Pending): all of them, then each type's count opening its list filtered so */}
            <Typography>
              {/* the theme's link colour, not the browser's default blue */}
              <MuiLink component={Link} to={pendingReportsPath('post')} onClick={onClose} underline="hover" color="primary" sx={{ fontWeight: 500 }}>
                {translate('app.quick_panel.reports_count', { smart_count: reports.reportPending })}
              </MuiLink>
            </Typography>
            <List dense disablePadding>
              {reports.reportPendingByType.map(({ type, count }) => (
                <ListItemButton key={type} component={Link} to={pendingReportsPath(type)} onClick={onClose}>
                  <ListItemText primary={`${translate(`resources.${REPORT_LISTS[type].resource}.name`, { smart_count: 2 })}: ${count}`} />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
