import { Alert, Button, Link, Typography } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import type { LoginPayload, SignInChallenge } from '@shared/contract';
import { CodeField } from '../../components/twoFactor/CodeField';
import { EnrolSteps } from '../../components/twoFactor/EnrolSteps';
import { useServerMessage } from '../../components/useServerMessage';
import { twoFactorApi } from '../../providers/twoFactor';
import { AuthForm } from './AuthCard';

/**
 * The sign-in's second step, after a right password: the app's code (or a recovery code), or, when the
 * staff policy asks for it, setting two-factor up first. `onRestart` goes back to the password.
 */
export function TwoFactorStep({ step, onRestart }: { step: SignInChallenge; onRestart: () => void }) {
  return step.two_factor === 'enrol' ? <EnrolAtSignIn challenge={step.challenge} onRestart={onRestart} /> : <CodeAtSignIn challenge={step.challenge} onRestart={onRestart} />;
}

function BackToPassword({ onRestart }: { onRestart: () => void }) {
  const translate = useTranslate();
  return (
    <Link component="button" type="button" onClick={onRestart} sx={{ alignSelf: 'center' }}>
      {translate('app.auth.back_to_login')}
    </Link>
  );
}

function CodeAtSignIn({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const login = useLogin();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ challenge, code: code.trim() });
    } catch (e) {
      setError(serverMessage(e));
      setBusy(false);
    }
  };
  return (
    <AuthForm onSubmit={submit}>
      <Typography>{translate(recovery ? 'app.two_factor.recovery_intro' : 'app.two_factor.sign_in_intro')}</Typography>
      <CodeField key={String(recovery)} recovery={recovery} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!code.trim() || busy}>
        {translate('app.two_factor.verify')}
      </Button>
      <Link
        component="button"
        type="button"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
        }}
        sx={{ alignSelf: 'center' }}
      >
        {translate(recovery ? 'app.two_factor.use_app' : 'app.two_factor.use_recovery')}
      </Link>
      <BackToPassword onRestart={onRestart} />
    </AuthForm>
  );
}

/** The staff policy's enrolment: the session opens once the recovery codes have been seen. */
function EnrolAtSignIn({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const translate = useTranslate();
  const login = useLogin();
  const opened = useRef<LoginPayload | null>(null);
  const confirm = async (code: string) => {
    const { recovery_codes, ...session } = await twoFactorApi.confirmAtSignIn(challenge, code);
    opened.current = session;
    return recovery_codes;
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.two_factor.enrol_intro')}
      </Alert>
      <EnrolSteps begin={() => twoFactorApi.setupAtSignIn(challenge)} confirm={confirm} onDone={() => void login({ session: opened.current! })} onCancel={onRestart} />
    </>
  );
}
