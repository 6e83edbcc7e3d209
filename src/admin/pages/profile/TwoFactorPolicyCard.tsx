import { Alert, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatDate, type TwoFactorPolicy } from '@shared/contract';
import { MAX_GRACE_DAYS } from '@shared/validation/twoFactor';
import { useServerMessage } from '../../components/useServerMessage';
import { twoFactorApi } from '../../providers/twoFactor';

const DAY_MS = 24 * 3600 * 1000;

/** Admins (on their profile): two-factor sign-in required of all staff, with days to set it up. */
export function TwoFactorPolicyCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const [saved, setSaved] = useState<TwoFactorPolicy | null>(null);
  const [required, setRequired] = useState(false);
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const show = (policy: TwoFactorPolicy) => {
    setSaved(policy);
    setRequired(policy.required);
    setDays(String(policy.grace_days));
  };
  useEffect(() => {
    twoFactorApi.policy().then(show, (e: unknown) => setError(serverMessage(e)));
  }, [serverMessage]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { policy, message } = await twoFactorApi.savePolicy({ required, grace_days: Number(days) });
      show(policy);
      notify(serverMessage(message), { type: 'success', autoHideDuration: 3000 });
    } catch (e) {
      setError(serverMessage(e));
    }
  };
  const deadline = saved?.since ? new Date(Date.parse(saved.since) + saved.grace_days * DAY_MS) : null;
  return (
    <Card sx={{ mt: 3 }} component="section" aria-labelledby="two-factor-policy-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="two-factor-policy-title" sx={{ mb: 2 }}>
          {translate('app.two_factor.policy_title')}
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormControlLabel
            control={<Switch checked={required} onChange={(e) => setRequired(e.target.checked)} />}
            label={translate('app.two_factor.policy_required')}
          />
          <TextField
            type="number"
            label={translate('app.two_factor.policy_grace')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: MAX_GRACE_DAYS } }}
          />
          {saved?.since && deadline && (
            <Typography color="text.secondary">
              {translate('app.two_factor.policy_since', { date: formatDate(saved.since), deadline: formatDate(deadline) })}
            </Typography>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={!saved}>
            {translate('app.two_factor.policy_save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
