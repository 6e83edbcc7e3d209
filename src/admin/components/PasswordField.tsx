// Every password field of the admin shows one eye convention (finding p4): the icon is what a click
// does, as MUI's own example and most sign-in pages do: an open eye while the password is hidden ("Show
// password"), a crossed eye while it is shown ("Hide password"). react-admin's PasswordInput shows the
// state instead (a crossed eye while hidden), so the forms use PasswordInput below rather than it.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';
import { TextInput, type TextInputProps, useTranslate } from 'react-admin';

/** The show/hide state of a password field and the adornment that toggles it. */
function usePasswordVisibility() {
  const [visible, setVisible] = useState(false);
  const translate = useTranslate();
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={translate(visible ? 'app.auth.hide_password' : 'app.auth.show_password')}
        onClick={() => setVisible((v) => !v)}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return { type: visible ? 'text' : 'password', toggle };
}

/** A password text field with a show/hide toggle (spec §2 sign-in and reset screens, My Profile). */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField(props, ref) {
  const { type, toggle } = usePasswordVisibility();
  return <TextField {...props} inputRef={ref} type={type} slotProps={{ input: { endAdornment: toggle } }} />;
});

/** react-admin's password input with the same toggle (user and sub-admin forms and dialogs). */
export function PasswordInput(props: TextInputProps) {
  const { type, toggle } = usePasswordVisibility();
  return <TextInput {...props} type={type} slotProps={{ input: { endAdornment: toggle } }} />;
}
