import DevicesIcon from '@mui/icons-material/Devices';
import { Box, Button, Card, CardContent, Checkbox, Chip, FormControlLabel, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, useDataProvider, useLocaleState, useLogout, useNotify, useTranslate } from 'react-admin';
import type { StaffSession } from '@shared/contract';
import { useServerMessage } from '../components/useServerMessage';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

/**
 * My Profile's sessions: where the person is signed in (device, address, signed in, last used), with
 * "Sign out" for each other session and "Sign out everywhere" (every other session; this browser too
 * when ticked), each confirmed first.
 */
export function ProfileSessions() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const logout = useLogout();
  const serverMessage = useServerMessage();
  // a react-query query: the page's refresh (after a profile save, the app bar's button) reloads it too
  const { data: sessions, error, refetch } = useQuery({ queryKey: ['profile', 'sessions'], queryFn: ({ signal }) => dataProvider.mySessions(signal) });
  const [ending, setEnding] = useState<StaffSession | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [includeCurrent, setIncludeCurrent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (error) notify(serverMessage(error), { type: 'error' });
  }, [error, notify, serverMessage]);

  const [locale] = useLocaleState();
  const device = (s: StaffSession) => s.device || translate('app.sessions.unknown_device');
  /** a moment with its time: sessions of the same day differ by their hours */
  const when = (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  /** Runs an ending call, says how it went, and reloads the list (or signs out here when this one ended). */
  const run = async (call: () => Promise<{ message: string }>, signsOutHere: boolean) => {
    setBusy(true);
    try {
      const { message } = await call();
      notify(serverMessage(message), { type: 'success', autoHideDuration: 3000 });
      if (signsOutHere) return void logout();
      await refetch();
    } catch (e) {
      notify(serverMessage(e), { type: 'error', autoHideDuration: 3000 });
    } finally {
      setBusy(false);
      setEnding(null);
      setEndingAll(false);
    }
  };

  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.sessions.title')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {translate('app.sessions.hint')}
        </Typography>
        <List aria-label={translate('app.sessions.title')} data-testid="sessions">
          {(sessions ?? []).map((s) => (
            <ListItem
              key={s.id}
              divider
              data-testid="session"
              secondaryAction={
                s.current ? (
                  <Chip size="small" color="primary" label={translate('app.sessions.current')} />
                ) : (
                  <Button size="small" color="error" disabled={busy} onClick={() => setEnding(s)}>
                    {translate('app.sessions.sign_out')}
                  </Button>
                )
              }
            >
              <ListItemIcon>
                <DevicesIcon />
              </ListItemIcon>
              <ListItemText
                primary={device(s)}
                secondary={
                  <>
                    {`${translate('app.sessions.address')}: `}
                    {/* an address reads left to right in Arabic too */}
                    <span dir="ltr">{s.ip || '-'}</span>
                    {` · ${translate('app.sessions.started')}: ${when(s.started_at)}`}
                    {` · ${translate('app.sessions.last_used')}: ${when(s.last_used_at)}`}
                  </>
                }
                sx={{ pr: 12 }}
              />
            </ListItem>
          ))}
        </List>
        {sessions?.length === 1 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.sessions.none')}
          </Typography>
        )}
        <Box>
          <Button variant="outlined" color="error" disabled={busy || !sessions} onClick={() => setEndingAll(true)}>
            {translate('app.sessions.sign_out_everywhere')}
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={ending !== null}
        loading={busy}
        title={translate('app.sessions.confirm_one_title')}
        content={translate('app.sessions.confirm_one', { device: ending ? device(ending) : '' })}
        confirm="app.sessions.sign_out"
        onConfirm={() => ending && run(() => dataProvider.endMySession(ending.id), false)}
        onClose={() => setEnding(null)}
      />
      <Confirm
        isOpen={endingAll}
        loading={busy}
        title={translate('app.sessions.confirm_all_title')}
        content={
          <Stack spacing={1}>
            <Typography>{translate('app.sessions.confirm_all')}</Typography>
            <FormControlLabel
              control={<Checkbox checked={includeCurrent} onChange={(e) => setIncludeCurrent(e.target.checked)} />}
              label={translate('app.sessions.include_current')}
            />
          </Stack>
        }
        confirm="app.sessions.sign_out_everywhere"
        onConfirm={() => run(() => dataProvider.endMySessions(includeCurrent), includeCurrent)}
        onClose={() => setEndingAll(false)}
      />
    </Card>
  );
}
