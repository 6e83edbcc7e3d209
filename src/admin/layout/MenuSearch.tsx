import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useVisibleLinks } from './useVisibleLinks';

/** Suggestions shown at most (spec §9). */
export const MENU_SEARCH_LIMIT = 10;

/** Search over the menu's titles (only the entries this person may open); arrows and Enter work. */
export function MenuSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const links = useVisibleLinks();
  const options = useMemo(() => links.map((l) => ({ ...l, label: translate(l.title) })), [links, translate]);
  return (
    <Autocomplete
      options={options}
      size="small"
      autoHighlight
      clearOnBlur
      blurOnSelect
      value={null}
      filterOptions={(all, { inputValue }) => {
        const q = inputValue.trim().toLocaleLowerCase();
        return (q ? all.filter((o) => o.label.toLocaleLowerCase().includes(q)) : all).slice(0, MENU_SEARCH_LIMIT);
      }}
      getOptionLabel={(o) => o.label}
      onChange={(_e, o) => o && navigate(o.url)}
      // in the app bar on a screen; on a phone, the whole width of More tools, on its light paper
      sx={{
        width: { xs: '100%', sm: 220 },
        mx: { xs: 0, sm: 1 },
        mb: { xs: 1, sm: 0 },
        '& .MuiInputBase-root': { bgcolor: { sm: 'rgba(255,255,255,0.15)' }, color: 'inherit', py: 0 },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: { sm: 'rgba(255,255,255,0.4)' } },
        '& .MuiAutocomplete-popupIndicator, & .MuiAutocomplete-clearIndicator': { color: 'inherit' },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="outlined"
          placeholder={translate('app.theme.menu_search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': translate('app.theme.menu_search') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit' }}>
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
