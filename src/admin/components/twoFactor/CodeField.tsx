import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The field a code is typed in: the app's 6 digits (or a recovery code, `recovery`). */
export function CodeField({ recovery = false, ...props }: TextFieldProps & { recovery?: boolean }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate(recovery ? 'app.two_factor.recovery_code' : 'app.two_factor.code')}
      helperText={recovery ? undefined : translate('app.two_factor.code_help')}
      autoComplete="one-time-code"
      fullWidth
      {...props}
      slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric', dir: 'ltr', maxLength: 64 } }}
    />
  );
}
