import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Translate';
import { Box, Button, Menu, MenuItem, styled } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useLocaleState, useLocales } from 'react-admin';

const Root = styled('span', { name: 'RaLocalesMenuButton', overridesResolver: (_props, styles) => styles.root })({}) as typeof Box;

/**
 * react-admin's language switch (LocalesMenuButton), the same button and menu, except that the menu is
 * built when it opens: react-admin keeps it mounted while closed, which costs every page that shows the
 * button (the guest pages, the app bar) a render of a hidden popover at load.
 */
export function LocalesMenuButton() {
  const [anchorEl, setAnchorEl] = useState<null | HTMLElement>(null);
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const changeLocale = (next: string) => () => {
    setLocale(next);
    setAnchorEl(null);
  };
  return (
    <Root component="span">
      <Button
        color="inherit"
        variant="text"
        aria-controls="simple-menu"
        aria-label=""
        aria-haspopup="true"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchorEl(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? ''}
      </Button>
      <Menu id="simple-menu" anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={() => setAnchorEl(null)}>
        {languages.map((language) => (
          <MenuItem key={language.locale} onClick={changeLocale(language.locale)} selected={language.locale === locale}>
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </Root>
  );
}
