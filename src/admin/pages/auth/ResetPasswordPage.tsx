import { zodResolver } from '@hookform/resolvers/zod';
import {  } from '@mui/material';
import { useEffect } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@shared/validation/auth';
import { ResultAlert, SubmitButton, useFieldError, useCallWithResult } from '../../components/forms';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard, AuthForm, AuthLink } from './AuthCard';
import { GuestOnly } from './GuestOnly';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password/<token> (guests only): sets a new password, then returns to /login after 3 s. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { result, run } = useCallWithResult();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
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
        <AuthForm onSubmit={handleSubmit((values) => run(() => dataProvider.resetPassword({ token, password: values.password })))}>
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
          <AuthLink to="/login" label="app.auth.back_to_login" />
        </AuthForm>
      </AuthCard>
    </GuestOnly>
  );
}
