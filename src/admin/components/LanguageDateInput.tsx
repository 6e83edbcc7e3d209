import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { InputHelperText, type InputProps, useInput, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, parseDate, parseDateTime } from '@shared/contract';

/** A day ('yyyy-MM-dd', as a native date input keeps it) or, with `time`, a moment ('yyyy-MM-ddTHH:mm', as datetime-local does). */
const KINDS = {
  date: {
    shown: (value: string, locale: string) => formatDate(`${value}T00:00:00`, locale),
    parse: parseDate,
    placeholder: 'app.localised.date_placeholder',
    invalid: 'app.localised.date_invalid',
    width: 170,
    // digits and a separator: a phone's number pad
    inputMode: 'numeric',
  },
  time: {
    shown: formatDateTime,
    parse: parseDateTime,
    placeholder: 'app.localised.date_time_placeholder',
    invalid: 'app.localised.date_time_invalid',
    width: 260,
    // a space, a colon and AM / PM too: the whole keyboard
    inputMode: 'text',
  },
} as const;

/**
 * A day typed in the language's date pattern (m7: "26.11.2026" in Turkish, its placeholder "GG.AA.YYYY"),
 * or with `time` a day and its time ("26.11.2026 21:30"; "11/26/2026 09:30 PM" in English), kept as the
 * browser's own date (or datetime-local) input keeps it. Those write the browser's format whatever the
 * page's language, so this one is text. What cannot be a date (31.02) says so under the field and leaves
 * the value empty: a form's "required" rule then refuses it rather than keeping an older date.
 */
export function LanguageDateInput({ label, time = false, ...props }: InputProps & { label: string; time?: boolean }) {
  const kind = KINDS[time ? 'time' : 'date'];
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState, formState, id } = useInput(props);
  const shown = (value: unknown) => (typeof value === 'string' && value ? kind.shown(value, locale) : '');
  const [typed, setTyped] = useState(() => shown(field.value));
  // a value set elsewhere (filters cleared, another language) replaces what was typed
  useEffect(() => {
    if (kind.parse(typed, locale) !== (field.value || null)) setTyped(shown(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value or the language changes
  }, [field.value, locale]);
  const wrong = typed.trim() !== '' && !kind.parse(typed, locale);
  // a form's own message (required), once the field was left or a save tried, as react-admin's inputs show it
  const formError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={translate(label)}
      value={typed}
      placeholder={translate(kind.placeholder)}
      onChange={(e) => {
        setTyped(e.target.value);
        field.onChange(kind.parse(e.target.value, locale) ?? '');
      }}
      onBlur={field.onBlur}
      error={wrong || !!formError}
      helperText={wrong ? translate(kind.invalid) : formError && <InputHelperText error={formError} />}
      size="small"
      slotProps={{ htmlInput: { inputMode: kind.inputMode, dir: 'ltr' }, inputLabel: time ? { shrink: true } : undefined }}
      sx={{ width: kind.width, maxWidth: '100%' }}
    />
  );
}
