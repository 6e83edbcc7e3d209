import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '../../../shared/validation/auth';
import { PasswordField } from '../../components/PasswordField';
import { useServerMessage } from '../../components/useServerMessage';
import { apiFetch } from '../../providers/httpClient';
import { AuthCard } from './AuthCard';
import { GuestOnly } from './GuestOnly';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password/<token> (guests only): sets a new password, then returns to /login after 3 s. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const done = result?.severity === 'success';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (values: ResetPasswordFormInput) => {
    setResult(null);
    try {
      const res = await apiFetch('/auth/reset-password', {
        method: 'POST',
        body: JSON.stringify({ token, password: values.password }),
        headers: { 'Content-Type': 'application/json' },
      });
      setResult({ severity: 'success', text: serverMessage(res.message) });
    } catch (e) {
      setResult({ severity: 'error', text: serverMessage(e) });
    }
  };
  const fieldError = (message?: string) => (message ? translate(message) : undefined);

  return (
    <GuestOnly>
      <AuthCard title={translate('app.auth.reset_title')}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <PasswordField
            label={translate('app.auth.new_password')}
            autoComplete="new-password"
            autoFocus
            fullWidth
            {...register('password', { deps: ['passwordConfirm'] })}
            error={!!errors.password}
            helperText={fieldError(errors.password?.message)}
          />
          <PasswordField
            label={translate('app.auth.confirm_new_password')}
            autoComplete="new-password"
            fullWidth
            {...register('passwordConfirm')}
            error={!!errors.passwordConfirm}
            helperText={fieldError(errors.passwordConfirm?.message)}
          />
          {result && (
            <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
              {result.text}
              {done && ` ${translate('app.auth.redirecting_to_login')}`}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!isValid || !isDirty || isSubmitting || done}
          >
            {isSubmitting ? <CircularProgress size={24} color="inherit" /> : translate('app.auth.reset_password')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {translate('app.auth.back_to_login')}
          </Link>
        </Box>
      </AuthCard>
    </GuestOnly>
  );
}
