// The phone of Add User / Add Sub Admin (finding m14): a calling-code picker beside the number. The
// number may be typed as people write it ('+90 532 123 45 67', dashes, brackets): the shared rule
// (validation/user.ts phoneField) removes the separators, and a number typed with its own '+code' keeps it.
import { Autocomplete, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { TextInput, useInput, useLocaleState, useTranslate } from 'react-admin';
import { CALLING_CODES } from '@shared/validation/phone';

interface CountryOption {
  iso: string;
  code: string;
  label: string;
}

/** Every country with its calling code, named and sorted in the admin's language. */
function useCountryOptions(): CountryOption[] {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return Object.entries(CALLING_CODES)
      .map(([iso, code]) => ({ iso, code, label: `${names.of(iso) ?? iso} (${code})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [locale]);
}

/** The calling code, chosen by country name or code; the form holds the code ('+90'). */
function CallingCodeInput({ source }: { source: string }) {
  const translate = useTranslate();
  const options = useCountryOptions();
  const { field } = useInput({ source, defaultValue: '' });
  // several countries share a code (+1): the one picked stays shown
  const [picked, setPicked] = useState<string | null>(null);
  const value = options.find((o) => o.iso === picked && o.code === field.value) ?? options.find((o) => o.code === field.value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, option) => {
        setPicked(option?.iso ?? null);
        field.onChange(option?.code ?? '');
      }}
      isOptionEqualToValue={(a, b) => a.iso === b.iso}
      getOptionKey={(o) => o.iso}
      sx={{ flex: { sm: '0 0 40%' } }}
      renderInput={(params) => <TextField {...params} label={translate('app.accounts.country_code')} />}
    />
  );
}

/** The calling code and the number of a new account. */
export function PhoneInput() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, width: '100%', alignItems: { sm: 'flex-start' } }}>
      <CallingCodeInput source="country_code" />
      <TextInput source="phone" label="resources.user.fields.phone" type="tel" autoComplete="tel-national" fullWidth />
    </Stack>
  );
}
