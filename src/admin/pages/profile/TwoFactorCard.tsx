import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatDate, type TwoFactorStatus } from '@shared/contract';
import { errorMessages } from '@shared/validation/messages';
import { CodeField } from '../../components/twoFactor/CodeField';
import { EnrolSteps } from '../../components/twoFactor/EnrolSteps';
import { PasswordField } from '../../components/PasswordField';
import { useServerMessage } from '../../components/useServerMessage';
import { twoFactorApi } from '../../providers/twoFactor';

/** My Profile: the person's two-factor sign-in, turned on (enrolment) or off (a code or the password). */
export function TwoFactorCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<'idle' | 'enrol' | 'disable'>('idle');
  const load = useCallback(() => {
    twoFactorApi.status().then(setStatus, (e: unknown) => notify(serverMessage(e), { type: 'error' }));
  }, [notify, serverMessage]);
  useEffect(load, [load]);

  const finish = (message?: string) => {
    setMode('idle');
    if (message) notify(serverMessage(message), { type: 'success', autoHideDuration: 3000 });
    load();
  };

  return (
    <Card sx={{ mt: 3 }} component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2" id="two-factor-title">
            {translate('app.two_factor.title')}
          </Typography>
          {status && (
            <Chip size="small" color={status.enabled ? 'success' : 'default'} label={translate(status.enabled ? 'app.two_factor.on' : 'app.two_factor.off')} />
          )}
        </Stack>
        {status && !status.enabled && status.required && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('app.two_factor.required_by', { date: formatDate(status.enrol_by) })}
          </Alert>
        )}
        {status && mode === 'idle' && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography color="text.secondary">{translate(status.enabled ? 'app.two_factor.intro_on' : 'app.two_factor.intro_off')}</Typography>
            {status.enabled && <Typography>{translate('app.two_factor.codes_left', { n: status.recovery_codes_left })}</Typography>}
            <Button variant={status.enabled ? 'outlined' : 'contained'} onClick={() => setMode(status.enabled ? 'disable' : 'enrol')}>
              {translate(status.enabled ? 'app.two_factor.turn_off' : 'app.two_factor.turn_on')}
            </Button>
          </Stack>
        )}
        {mode === 'enrol' && (
          <EnrolSteps
            begin={twoFactorApi.setup}
            confirm={async (code) => {
              const codes = await twoFactorApi.enable(code);
              load(); // it is on from now: the chip says so while the codes are shown
              return codes;
            }}
            onDone={() => finish(errorMessages.twoFactorTurnedOn)}
            onCancel={() => finish()}
          />
        )}
        {mode === 'disable' && <DisableForm onDone={finish} />}
      </CardContent>
    </Card>
  );
}

/** Turning it off: a current code (or a recovery code), or the password. */
function DisableForm({ onDone }: { onDone: (message?: string) => void }) {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(await twoFactorApi.disable(code.trim() ? { code: code.trim() } : { password }));
    } catch (e) {
      setError(serverMessage(e));
      setBusy(false);
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography>{translate('app.two_factor.off_intro')}</Typography>
      <CodeField value={code} onChange={(e) => setCode(e.target.value)} helperText={undefined} />
      <PasswordField label={translate('app.two_factor.password')} autoComplete="current-password" fullWidth value={password} onChange={(e) => setPassword(e.target.value)} />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color="error" disabled={busy || (!code.trim() && !password)}>
          {translate('app.two_factor.turn_off')}
        </Button>
        <Button onClick={() => onDone()}>{translate('app.two_factor.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
