import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { homePath } from '../../../shared/access';
import { type LoginInput, loginSchema } from '../../../shared/validation/auth';
import { PasswordField } from '../../components/PasswordField';
import { useServerMessage } from '../../components/useServerMessage';
import { session } from '../../providers/session';
import { AuthCard } from './AuthCard';

/** Sign-in (spec §2 "/", §5 Sign-in): checked on change, Login disabled until valid and edited. */
export function LoginPage() {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  if (session.token()) return <Navigate to={homePath(session.principal())} replace />;

  const onSubmit = async (values: LoginInput) => {
    setError(null);
    try {
      await login(values);
    } catch (e) {
      setError(serverMessage(e));
    }
  };
  const fieldError = (message?: string) => (message ? translate(message) : undefined);

  return (
    <AuthCard title={translate('app.auth.login_title')}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextField
          label={translate('app.auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          {...register('email')}
          error={!!errors.email}
          helperText={fieldError(errors.email?.message)}
        />
        <PasswordField
          label={translate('app.auth.password')}
          autoComplete="current-password"
          fullWidth
          {...register('password')}
          error={!!errors.password}
          helperText={fieldError(errors.password?.message)}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!isValid || !isDirty || isSubmitting}>
          {isSubmitting ? <CircularProgress size={24} color="inherit" /> : translate('app.auth.login')}
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          {translate('app.auth.forgot_password_link')}
        </Link>
      </Box>
    </AuthCard>
  );
}
