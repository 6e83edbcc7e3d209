import { Box, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { GuardedDialog } from '../../components/useDiscardGuard';
import { moderation } from '../../providers/dataProvider';
import type { DecisionAction, ModerationCase } from '../../providers/moderation';
import { useCaseAction } from './useCaseActions';

const REASON_MAX = 200;
const MESSAGE_MAX = 2000;

/**
 * The confirmation of a decision on the ladder: its reason (required), a message to the author (optional)
 * and, for a suspension, its days. Sent with the case's version; a case decided meanwhile is refused with
 * who decided it (useCaseAction's toast).
 */
export function DecisionDialog({ record, action, onClose }: { record: ModerationCase; action: DecisionAction; onClose: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useCaseAction();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [days, setDays] = useState('7');
  const [tried, setTried] = useState(false);
  const dayCount = Number(days);
  const reasonError = !reason.trim() ? 'app.moderation.decision.reason_required' : reason.length > REASON_MAX ? 'app.moderation.decision.too_long' : null;
  const daysError = action === 'suspend' && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365) ? 'app.moderation.decision.days_range' : null;
  const messageError = message.length > MESSAGE_MAX ? 'app.moderation.decision.too_long' : null;
  const title = translate(`app.moderation.decision.title_${action}`);
  const submit = async () => {
    setTried(true);
    if (reasonError || daysError || messageError) return;
    const input = { action, reason: reason.trim(), version: record.version, ...(message.trim() ? { message: message.trim() } : {}), ...(action === 'suspend' ? { days: dayCount } : {}) };
    await run(() => moderation.decide(record.id, input), 'app.moderation.decision.done', { action: translate(`app.moderation.actions.${action}`) });
    onClose();
  };
  const shown = (error: string | null, max?: number) => (tried && error ? translate(error, { max }) : undefined);
  return (
    <GuardedDialog open onClose={onClose} dirty={!!(reason || message)} title={title} fullWidth maxWidth="sm" aria-labelledby="decision-title">
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogTitle id="decision-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{translate(`app.moderation.decision.explain_${action}`)}</DialogContentText>
          <TextField
            autoFocus
            required
            label={translate('app.moderation.decision.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!shown(reasonError)}
            helperText={shown(reasonError, REASON_MAX)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, dir: 'auto' } }}
          />
          {action === 'suspend' && (
            <TextField
              required
              type="number"
              label={translate('app.moderation.decision.days')}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={!!shown(daysError)}
              helperText={shown(daysError)}
              slotProps={{ htmlInput: { min: 1, max: 365 } }}
            />
          )}
          <TextField
            multiline
            minRows={3}
            label={translate('app.moderation.decision.message')}
            helperText={shown(messageError, MESSAGE_MAX) ?? translate(action === 'dismiss' ? 'app.moderation.decision.message_hint_dismiss' : 'app.moderation.decision.message_hint')}
            error={!!shown(messageError)}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={action === 'dismiss' ? 'primary' : 'error'} disabled={busy}>
            {translate(`app.moderation.actions.${action}`)}
          </Button>
        </DialogActions>
      </Box>
    </GuardedDialog>
  );
}
