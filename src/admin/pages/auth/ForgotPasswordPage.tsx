import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useForm } from 'react-hook-form';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@shared/validation/auth';
import { ResultAlert, SubmitButton, useFieldError, useCallWithResult } from '../../components/forms';
import { AuthCard, AuthForm, AuthLink } from './AuthCard';
import { GuestOnly } from './GuestOnly';

/** /forgot-password (guests only): asks the server to mail a reset link. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const fieldError = useFieldError();
  const { result, run } = useCallWithResult();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), mode: 'onChange', defaultValues: { email: '' } });

  return (
    <GuestOnly>
      <AuthCard title={translate('app.auth.forgot_title')}>
        <AuthForm onSubmit={handleSubmit((values) => run(() => dataProvider.forgotPassword(values)))}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.auth.forgot_intro')}
          </Typography>
          <TextField label={translate('app.auth.email')} type="email" autoFocus fullWidth {...register('email')} {...fieldError(errors.email)} />
          <ResultAlert result={result} />
          <SubmitButton label="app.auth.send_reset_link" disabled={!isValid || !isDirty} submitting={isSubmitting} />
          <AuthLink to="/login" label="app.auth.back_to_login" />
        </AuthForm>
      </AuthCard>
    </GuestOnly>
  );
}
