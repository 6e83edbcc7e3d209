import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '../../../shared/validation/auth';
import { ResultAlert, SubmitButton, useFieldError, usePostWithResult } from '../../components/forms';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard } from './AuthCard';
import { GuestOnly } from './GuestOnly';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password/<token> (guests only): sets a new password, then returns to /login after 3 s. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { result, post } = usePostWithResult();
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

  return (
    <GuestOnly>
      <AuthCard title={translate('app.auth.reset_title')}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit((values) => post('/auth/reset-password', { token, password: values.password }))}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <PasswordField
            label={translate('app.auth.new_password')}
            autoComplete="new-password"
            autoFocus
            fullWidth
            {...register('password', { deps: ['passwordConfirm'] })}
            {...fieldError(errors.password)}
          />
          <PasswordField
            label={translate('app.auth.confirm_new_password')}
            autoComplete="new-password"
            fullWidth
            {...register('passwordConfirm')}
            {...fieldError(errors.passwordConfirm)}
          />
          <ResultAlert result={result} suffix={done ? translate('app.auth.redirecting_to_login') : undefined} />
          <SubmitButton label="app.auth.reset_password" disabled={!isValid || !isDirty || done} submitting={isSubmitting} />
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {translate('app.auth.back_to_login')}
          </Link>
        </Box>
      </AuthCard>
    </GuestOnly>
  );
}
