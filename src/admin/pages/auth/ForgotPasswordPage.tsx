import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../shared/validation/auth';
import { useServerMessage } from '../../components/useServerMessage';
import { apiFetch } from '../../providers/httpClient';
import { AuthCard } from './AuthCard';
import { GuestOnly } from './GuestOnly';

/** /forgot-password (guests only): asks the server to mail a reset link. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    setResult(null);
    try {
      const res = await apiFetch('/auth/forgot-password', {
        method: 'POST',
        body: JSON.stringify(values),
        headers: { 'Content-Type': 'application/json' },
      });
      setResult({ severity: 'success', text: serverMessage(res.message) });
    } catch (e) {
      setResult({ severity: 'error', text: serverMessage(e) });
    }
  };

  return (
    <GuestOnly>
      <AuthCard title={translate('app.auth.forgot_title')}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            {translate('app.auth.forgot_intro')}
          </Typography>
          <TextField
            label={translate('app.auth.email')}
            type="email"
            autoFocus
            fullWidth
            {...register('email')}
            error={!!errors.email}
            helperText={errors.email?.message ? translate(errors.email.message) : undefined}
          />
          {result && (
            <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
              {result.text}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={!isValid || !isDirty || isSubmitting}>
            {isSubmitting ? <CircularProgress size={24} color="inherit" /> : translate('app.auth.send_reset_link')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {translate('app.auth.back_to_login')}
          </Link>
        </Box>
      </AuthCard>
    </GuestOnly>
  );
}
