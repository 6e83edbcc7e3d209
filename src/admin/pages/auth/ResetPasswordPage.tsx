import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@shared/validation/auth';
import { ResultAlert, SubmitButton, useFieldError, useCallWithResult } from '../../components/forms';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard, AuthForm, AuthLink } from './AuthCard';
import { GuestOnly } from './GuestOnly';

export const RESET_REDIRECT_MS = 3000;

/**
 * Whether the page's link can still set a password: asked once on load (finding m11), so that a used or
 * expired link says so before anything is typed. Undefined while asking; a link without a token is not.
 */
function useResetLinkState(token: string): boolean | undefined {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [usable, setUsable] = useState<boolean | undefined>(token ? undefined : false);
  useEffect(() => {
    if (!token) return setUsable(false);
    let current = true;
    // a failed check (server unreachable) leaves the form: the reset's own answer then says what is wrong
    dataProvider.checkResetLink(token).then(
      (valid) => current && setUsable(valid),
      () => current && setUsable(true),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, token]);
  return usable;
}

/** /reset-password/<token> (guests only): sets a new password, then returns to /login after 3 s. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const usable = useResetLinkState(token);
  const translate = useTranslate();
  return (
    <GuestOnly>
      <AuthCard title={translate('app.auth.reset_title')}>
        {usable === false ? <ResetLinkUnusable /> : usable && <ResetPasswordForm token={token} />}
      </AuthCard>
    </GuestOnly>
  );
}

/** A used, expired or missing link: said at once, with the way to a new one. */
function ResetLinkUnusable() {
  const translate = useTranslate();
  return (
    <AuthForm onSubmit={(e) => e.preventDefault()}>
      <Alert severity="error">{translate('messages.resetLinkInvalid')}</Alert>
      <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
        {translate('app.accounts.send_new_link')}
      </Button>
      <AuthLink to="/login" label="app.auth.back_to_login" />
    </AuthForm>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const translate = useTranslate();
  const fieldError = useFieldError();
  const navigate = useNavigate();
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
  );
}
