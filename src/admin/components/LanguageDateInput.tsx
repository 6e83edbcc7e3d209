import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { type InputProps, useInput, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, parseDate } from '../../shared/contract';

/**
 * A day typed in the language's date pattern (m7: "26.11.2026" in Turkish, its placeholder "GG.AA.YYYY"),
 * kept as yyyy-MM-dd as a native date input keeps it. The browser's own date input writes the browser's
 * format whatever the page's language, so this one is text.
 */
export function LanguageDateInput({ label, ...props }: InputProps & { label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, id } = useInput(props);
  const shown = (value: unknown) => (typeof value === 'string' && value ? formatDate(`${value}T00:00:00`, locale) : '');
  const [typed, setTyped] = useState(() => shown(field.value));
  // a value set elsewhere (filters cleared, another language) replaces what was typed
  useEffect(() => {
    if (parseDate(typed, locale) !== (field.value || null)) setTyped(shown(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value or the language changes
  }, [field.value, locale]);
  const wrong = typed.trim() !== '' && !parseDate(typed, locale);
  return (
    <TextField
      id={id}
      label={translate(label)}
      value={typed}
      placeholder={translate('app.localised.date_placeholder')}
      onChange={(e) => {
        setTyped(e.target.value);
        const day = parseDate(e.target.value, locale);
        if (day || !e.target.value.trim()) field.onChange(day ?? '');
      }}
      onBlur={field.onBlur}
      error={wrong}
      helperText={wrong ? translate('app.localised.date_invalid') : undefined}
      size="small"
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
      sx={{ width: 170 }}
    />
  );
}
