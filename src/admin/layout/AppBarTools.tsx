import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Popover, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { LocalesMenuButton } from '../components/LocalesMenuButton';

/**
 * The app bar's secondary tools. On a wide screen they sit in the bar; below MUI's `sm` breakpoint (a
 * phone) they fold into one "More tools" button, so the bar keeps the title, refresh and the user menu
 * (My Profile, Logout) inside the screen.
 */
export function AppBarTools({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!phone) {
    return (
      <>
        {children}
        <LocalesMenuButton />
      </>
    );
  }
  const label = translate('app.menu.more_tools');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="true" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack role="group" aria-label={label} direction="row" sx={{ p: 1, maxWidth: 280, flexWrap: 'wrap', color: 'text.primary' }}>
          {children}
          <LocalesMenuButton />
        </Stack>
      </Popover>
    </>
  );
}

/** What react-admin puts after the tools: the refresh button (the language switch is among the tools). */
export const AppBarToolbar = () => <LoadingIndicator />;
