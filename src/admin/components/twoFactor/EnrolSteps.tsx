import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TwoFactorSetup } from '@shared/contract';
import { useServerMessage } from '../useServerMessage';
import { CodeField } from './CodeField';
import { CODE_TEXT, RecoveryCodes } from './RecoveryCodes';

/**
 * Setting two-factor sign-in up: the key as a QR code and as text, the app's first code to confirm it,
 * then the recovery codes. `begin` asks the server for the key, `confirm` sends the code and answers the
 * recovery codes (My Profile, or the enrolment the staff policy asks for at sign-in).
 */
export function EnrolSteps({
  begin,
  confirm,
  onDone,
  onCancel,
}: {
  begin: () => Promise<TwoFactorSetup>;
  confirm: (code: string) => Promise<string[]>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    begin().then(
      (answer) => current && setSetup(answer),
      (e: unknown) => current && setError(serverMessage(e)),
    );
    return () => {
      current = false;
    };
    // the key is asked for once per enrolment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCodes(await confirm(code.trim()));
    } catch (e) {
      setError(serverMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {!setup && !error && <CircularProgress aria-label={translate('app.loading')} />}
      {setup && (
        <>
          <Typography>{translate('app.two_factor.scan')}</Typography>
          <Box component="img" src={setup.qr} alt={translate('app.two_factor.qr_alt')} sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }} />
          <Box>
            <Typography variant="body2" color="text.secondary">
              {translate('app.two_factor.key')}
            </Typography>
            {/* the key reads left to right in every language, placed where the page's text starts */}
            <Typography sx={{ ...CODE_TEXT, wordBreak: 'break-all' }}>
              <bdi dir="ltr" data-testid="two-factor-key">
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </bdi>
            </Typography>
          </Box>
          <CodeField value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
        </>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!setup || !code.trim() || busy}>
          {translate('app.two_factor.confirm')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('app.two_factor.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}
