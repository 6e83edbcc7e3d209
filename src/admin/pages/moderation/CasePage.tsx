// A case of the desk (/moderation/:id): its target with a link to it, who holds it (claim, release, an
// Admin's assign), the decision ladder, an appeal's outcome, its reports with each reporter's accuracy,
// its private notes and its history. The desk's keys work here too (j/k step through the desk's cases).
import { Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RaLink, useRecordContext, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { ISOLATED_BLOCK } from '../../bidi';
import { useFormatMoment } from '../../components/dates';
import { DetailPage } from '../../components/detail';
import { LoadingText } from '../../components/LoadingText';
import { moderation } from '../../providers/dataProvider';
import { type CaseDetail, type DecisionAction, decisionsFor } from '../../providers/moderation';
import { usePrincipal, useStaffIdentity } from '../../providers/useStaff';
import { AppealPanel } from './AppealPanel';
import { CasePreview, HolderText, KindChip, priorityText } from './CaseCells';
import { CaseHistory, CaseNotes, CaseReports } from './CaseSections';
import { neighbourCase } from './caseOrder';
import { DecisionDialog } from './DecisionDialog';
import { casePath } from './DeskPage';
import { AssignControl } from './AssignControl';
import { DESK_KEYS, useDeskKeys } from './keys';
import { KeysHelpDialog } from './KeysHelpDialog';
import { useCaseAction } from './useCaseActions';

export function CasePage() {
  return (
    <DetailPage resource="moderation" backPath="/moderation" titleKey="app.moderation.case">
      <CaseBody />
    </DetailPage>
  );
}

/** The admin's page of a case's target: the post, the user, or (a comment has none) its first report's. */
function targetPath(record: CaseDetail): string | null {
  if (record.kind === 'post') return `/post/${record.target_id}`;
  if (record.kind === 'user') return `/user/${record.target_id}`;
  return record.reports[0] ? `/reportedComments/${record.reports[0].id}` : null;
}

function CaseBody() {
  const record = useRecordContext<CaseDetail>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const moment = useFormatMoment();
  const me = useStaffIdentity()?.id;
  const isAdmin = usePrincipal().role === 'Admin';
  const { run, busy } = useCaseAction();
  const [deciding, setDeciding] = useState<DecisionAction | null>(null);
  const [help, setHelp] = useState(false);
  const open = record?.status === 'open';
  useDeskKeys((command) => {
    if (!record) return false;
    if (command === 'help') return setHelp(true);
    if (command === 'next' || command === 'previous') {
      const next = neighbourCase(record.id, command === 'next' ? 1 : -1);
      return next ? void navigate(casePath(next)) : false;
    }
    if (command === 'open' || !open) return false;
    if (command === 'claim') return void run(() => moderation.claim(record.id), 'app.moderation.claimed');
    if (!decisionsFor(record.kind).includes(command)) return false;
    setDeciding(command);
  });
  // react-admin shows the desk's row of the case while its page loads: the reports, notes and history come with the page
  if (!record || !Array.isArray(record.reports)) return <LoadingText />;
  const path = targetPath(record);
  const heldByMe = record.holder?.id === me;
  return (
    <Stack sx={{ gap: 2 }}>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="h2">
              {translate('app.moderation.case_number', { id: record.id })}
            </Typography>
            <KindChip record={record} />
            <Chip size="small" label={translate(`app.moderation.statuses.${record.status}`)} color={record.status === 'appealed' ? 'warning' : 'default'} />
            <Chip size="small" label={`${translate('app.moderation.columns.priority')}: ${priorityText(record.priority)}`} />
          </Stack>
          <CasePreview record={record} />
          {record.preview.text && record.preview.title && (
            <Typography variant="body2" dir="auto" sx={{ ...ISOLATED_BLOCK, mt: 1, whiteSpace: 'pre-wrap' }}>
              {record.preview.text}
            </Typography>
          )}
          <Stack direction="row" sx={{ gap: 2, mt: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
            <Typography variant="body2">{translate('app.moderation.reports_by', { reports: record.report_count, reporters: record.reporter_count })}</Typography>
            <Typography variant="body2">
              {translate('app.moderation.columns.first_reported_at')}: {moment(record.first_reported_at)}
            </Typography>
            <Typography variant="body2">
              {translate('app.moderation.columns.last_reported_at')}: {moment(record.last_reported_at)}
            </Typography>
          </Stack>
          {path && (
            <RaLink to={path} sx={{ display: 'inline-block', mt: 1 }}>
              {translate(`app.moderation.open_target.${record.kind}`)}
            </RaLink>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader title={translate('app.moderation.holding')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.moderation.columns.holder')}:
            </Typography>
            <HolderText holder={record.holder} />
            {open && !heldByMe && (
              <Button variant="outlined" size="small" disabled={busy} onClick={() => run(() => moderation.claim(record.id), 'app.moderation.claimed')}>
                {translate('app.moderation.claim')}
              </Button>
            )}
            {open && record.holder && (heldByMe || isAdmin) && (
              <Button size="small" disabled={busy} onClick={() => run(() => moderation.release(record.id), 'app.moderation.released')}>
                {translate('app.moderation.release')}
              </Button>
            )}
            {open && <AssignControl record={record} />}
          </Stack>
        </CardContent>
      </Card>

      {open ? (
        <Card>
          <CardHeader title={translate('app.moderation.decide')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {decisionsFor(record.kind).map((action) => (
                <Button
                  key={action}
                  variant={action === 'dismiss' ? 'outlined' : 'contained'}
                  color={action === 'dismiss' ? 'primary' : action === 'warn' ? 'warning' : 'error'}
                  // the palette's warning orange is too light under white text (WCAG contrast): a darker shade
                  sx={action === 'warn' ? { bgcolor: '#8a4500', '&:hover': { bgcolor: '#6d3600' } } : undefined}
                  onClick={() => setDeciding(action)}
                  aria-keyshortcuts={DESK_KEYS.find((k) => k.command === action)?.key}
                >
                  {translate(`app.moderation.actions.${action}`)}
                </Button>
              ))}
              <Button size="small" onClick={() => setHelp(true)} aria-keyshortcuts="?">
                {translate('app.moderation.keys.title')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        record.decision && (
          <Card>
            <CardHeader title={translate('app.moderation.decision_heading')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Typography>
                {translate('app.moderation.decided_by', {
                  name: record.decision.by.name,
                  action: translate(`app.moderation.actions.${record.decision.action}`),
                  when: moment(record.decision.at),
                })}
              </Typography>
              {record.decision.suspended_until && <Typography variant="body2">{translate('app.moderation.suspended_until', { when: moment(record.decision.suspended_until) })}</Typography>}
              <Typography variant="body2" dir="auto" sx={{ ...ISOLATED_BLOCK, mt: 1 }}>
                {translate('app.moderation.decision.reason')}: {record.decision.reason}
              </Typography>
              {record.decision.message && (
                <Typography variant="body2" dir="auto" sx={{ ...ISOLATED_BLOCK, whiteSpace: 'pre-wrap' }}>
                  {translate('app.moderation.decision.message')}: {record.decision.message}
                </Typography>
              )}
            </CardContent>
          </Card>
        )
      )}
      <AppealPanel record={record} />
      <CaseReports record={record} />
      <CaseNotes record={record} />
      <CaseHistory record={record} />
      <Box>
        <Button component={Link} to="/moderation">
          {translate('app.moderation.back_to_desk')}
        </Button>
      </Box>
      {deciding && <DecisionDialog record={record} action={deciding} onClose={() => setDeciding(null)} />}
      <KeysHelpDialog open={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
