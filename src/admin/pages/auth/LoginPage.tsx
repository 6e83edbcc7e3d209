import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, TextField } from '@mui/material';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router-dom';
import { homePath } from '@shared/access';
import { type LoginInput, loginSchema } from '@shared/validation/auth';
import { SubmitButton, useFieldError } from '../../components/forms';
import { PasswordField } from '../../components/PasswordField';
import { useServerMessage } from '../../components/useServerMessage';
import { isSignedIn, usePrincipal } from '../../providers/useStaff';
import { SecondStepNeeded } from '../../providers/signInSteps';
import type { SignInChallenge } from '@shared/contract';
import { lazyNamed } from '../../lazy';
import { AuthCard, AuthForm, AuthLink } from './AuthCard';

// the second step of two-factor sign-in: loaded only by the accounts that have it
const TwoFactorStep = lazyNamed(() => import('./TwoFactorStep'), 'TwoFactorStep');

/** Sign-in (spec §2 "/", §5 Sign-in): checked on change, Login disabled until valid and edited. */
export function LoginPage() {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const login = useLogin();
  const principal = usePrincipal();
  const fieldError = useFieldError();
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SignInChallenge | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // the email field takes the focus once the page is on screen (autoFocus would focus it while the page is
  // committed, and the focus restyles the field at once: a second render in the same long task)
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => emailInput.current?.focus());
    return () => clearTimeout(timer);
  }, []);

  if (isSignedIn(principal)) return <Navigate to={homePath(principal)} replace />;

  const onSubmit = async (values: LoginInput) => {
    setError(null);
    try {
      await login(values);
    } catch (e) {
      if (e instanceof SecondStepNeeded) setSecondStep(e.step);
      else setError(serverMessage(e));
    }
  };

  if (secondStep)
    return (
      <AuthCard title={translate(secondStep.two_factor === 'enrol' ? 'app.two_factor.enrol_title' : 'app.two_factor.title')}>
        <Suspense fallback={null}>
          <TwoFactorStep step={secondStep} onRestart={() => setSecondStep(null)} />
        </Suspense>
      </AuthCard>
    );

  return (
    <AuthCard title={translate('app.auth.login_title')}>
      <AuthForm onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={translate('app.auth.email')}
          type="email"
          autoComplete="username"
          inputRef={emailInput}
          fullWidth
          {...register('email')}
          {...fieldError(errors.email)}
        />
        <PasswordField
          label={translate('app.auth.password')}
          autoComplete="current-password"
          fullWidth
          {...register('password')}
          {...fieldError(errors.password)}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <SubmitButton label="app.auth.login" disabled={!isValid || !isDirty} submitting={isSubmitting} />
        <AuthLink to="/forgot-password" label="app.auth.forgot_password_link" />
      </AuthForm>
    </AuthCard>
  );
}
