import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Popover, Stack, Tooltip } from '@mui/material';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { LocalesMenuButton } from '../components/LocalesMenuButton';
import { usePhone } from '../components/usePhone';

/**
 * The app bar's secondary tools. On a wide screen they sit in the bar; below MUI's `sm` breakpoint (a
 * phone) they fold into one "More tools" button, so the bar keeps the title, refresh and the user menu
 * (My Profile, Logout) inside the screen.
 */
export function AppBarTools({ children }: { children: ReactNode }) {
  const phone = usePhone();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // a page chosen (the menu search, a shortcut) closes the tools
  const { pathname } = useLocation();
  useEffect(() => setAnchor(null), [pathname]);
  if (!phone) {
    return (
      <>
        {children}
        <LocalesMenuButton />
      </>
    );
  }
  const label = translate('app.menu.more_tools');
  // a tool chosen (a button, not the menu search's own) closes the tools, which would cover what it opens
  const closeOnToolChosen = (event: MouseEvent) => {
    const target = event.target as Element;
    if (target.closest('button') && !target.closest('.MuiAutocomplete-root')) setAnchor(null);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="true" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Popover
        // the tools stay mounted while closed: the drawer or menu a tool opened lives on
        keepMounted
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack role="group" aria-label={label} direction="row" onClick={closeOnToolChosen} sx={{ p: 1, width: 280, flexWrap: 'wrap', color: 'text.primary' }}>
          {children}
          <LocalesMenuButton />
        </Stack>
      </Popover>
    </>
  );
}

/** What react-admin puts after the tools: the refresh button (the language switch is among the tools). */
export const AppBarToolbar = () => <LoadingIndicator />;
