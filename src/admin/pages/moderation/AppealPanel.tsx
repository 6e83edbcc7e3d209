import { Alert, Box, Button, Card, CardContent, CardHeader, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ISOLATED_BLOCK } from '../../bidi';
import { useFormatMoment } from '../../components/dates';
import { GuardedDialog } from '../../components/useDiscardGuard';
import { moderation } from '../../providers/dataProvider';
import type { AppealOutcome, CaseDetail } from '../../providers/moderation';
import { useStaffIdentity } from '../../providers/useStaff';
import { useCaseAction } from './useCaseActions';

/**
 * The person's appeal, as they wrote it (text, never markup), and its outcome; while it waits, Uphold or
 * Reverse for a moderator other than the one who decided (who sees why the buttons are off).
 */
export function AppealPanel({ record }: { record: CaseDetail }) {
  const translate = useTranslate();
  const moment = useFormatMoment();
  const me = useStaffIdentity()?.id;
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const appeal = record.appeal;
  // a decided case answers its appeal window; the panel is for an appeal written
  if (!appeal?.text || !appeal.at) return null;
  const waiting = record.status === 'appealed' && !appeal.outcome;
  const ownDecision = record.decision?.by.id === me;
  return (
    <Card>
      <CardHeader title={translate('app.moderation.appeal.title')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {translate('app.moderation.appeal.written', { when: moment(appeal.at) })}
        </Typography>
        <Typography component="blockquote" dir="auto" sx={{ ...ISOLATED_BLOCK, whiteSpace: 'pre-wrap', borderInlineStart: 3, borderColor: 'divider', ps: 2, my: 1 }}>
          {appeal.text}
        </Typography>
        {appeal.outcome && (
          <Typography>
            {translate(`app.moderation.appeal.outcome_${appeal.outcome}`, { name: appeal.by?.name ?? '—', when: appeal.decided_at ? moment(appeal.decided_at) : '' })}
          </Typography>
        )}
        {waiting && (
          <Stack sx={{ gap: 1 }}>
            {ownDecision && <Alert severity="info">{translate('app.moderation.appeal.own_decision')}</Alert>}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" disabled={ownDecision} onClick={() => setOutcome('upheld')}>
                {translate('app.moderation.appeal.uphold')}
              </Button>
              <Button variant="contained" disabled={ownDecision} onClick={() => setOutcome('reversed')}>
                {translate('app.moderation.appeal.reverse')}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
      {outcome && <AppealDialog record={record} outcome={outcome} onClose={() => setOutcome(null)} />}
    </Card>
  );
}

/** The confirmation of an appeal's outcome, with an optional message to the person. */
function AppealDialog({ record, outcome, onClose }: { record: CaseDetail; outcome: AppealOutcome; onClose: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useCaseAction();
  const [message, setMessage] = useState('');
  const title = translate(`app.moderation.appeal.confirm_${outcome}`);
  const submit = async () => {
    await run(() => moderation.decideAppeal(record.id, { outcome, ...(message.trim() ? { message: message.trim() } : {}) }), `app.moderation.appeal.done_${outcome}`);
    onClose();
  };
  return (
    <GuardedDialog open onClose={onClose} dirty={!!message} title={title} fullWidth maxWidth="sm" aria-labelledby="appeal-title">
      <DialogTitle id="appeal-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          multiline
          minRows={3}
          sx={{ mt: 1 }}
          label={translate('app.moderation.decision.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000, dir: 'auto' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate(`app.moderation.appeal.${outcome === 'upheld' ? 'uphold' : 'reverse'}`)}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
