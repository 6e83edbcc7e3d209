// A case's reports (each reporter's accuracy beside them), its private notes and its history.
import { Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ISOLATED, ISOLATED_BLOCK } from '../../bidi';
import { useAuditText } from '../../components/audit/AuditParts';
import { useFormatMoment } from '../../components/dates';
import { moderation } from '../../providers/dataProvider';
import type { CaseDetail, CaseReport } from '../../providers/moderation';
import { useCaseAction } from './useCaseActions';

const NOTE_MAX = 2000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>{children}</CardContent>
    </Card>
  );
}

/** "upheld 8 of 10": the share of the reporter's last decided reports that were upheld, as counts. */
export function accuracyText(translate: ReturnType<typeof useTranslate>, reporter: CaseReport['reporter']) {
  if (!reporter.decided || reporter.accuracy === null) return translate('app.moderation.accuracy_none');
  return translate('app.moderation.accuracy', { upheld: Math.round(reporter.accuracy * reporter.decided), decided: reporter.decided });
}

export function CaseReports({ record }: { record: CaseDetail }) {
  const translate = useTranslate();
  const moment = useFormatMoment();
  const column = (key: string) => translate(`app.moderation.report_columns.${key}`);
  return (
    <Section title={translate('app.moderation.reports', { smart_count: record.reports.length })}>
      {/* on a phone the table scrolls sideways inside its card */}
      <Table size="small" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>{column('reporter')}</TableCell>
            <TableCell>{column('accuracy')}</TableCell>
            <TableCell>{column('category')}</TableCell>
            <TableCell>{column('reason')}</TableCell>
            <TableCell>{column('at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.reports.map((report) => (
            <TableRow key={report.id}>
              <TableCell dir="auto" sx={ISOLATED}>{report.reporter.name}</TableCell>
              <TableCell>{accuracyText(translate, report.reporter)}</TableCell>
              <TableCell dir="auto" sx={ISOLATED}>{report.category?.name ?? '—'}</TableCell>
              <TableCell dir="auto" sx={ISOLATED}>{report.reason ?? '—'}</TableCell>
              <TableCell>{moment(report.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

export function CaseNotes({ record }: { record: CaseDetail }) {
  const translate = useTranslate();
  const moment = useFormatMoment();
  const { run, busy } = useCaseAction();
  const [body, setBody] = useState('');
  const add = async () => {
    if (!body.trim()) return;
    if (await run(() => moderation.addNote(record.id, body.trim()), 'app.moderation.notes.added')) setBody('');
  };
  return (
    <Section title={translate('app.moderation.notes.title')}>
      {record.notes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.moderation.notes.none')}
        </Typography>
      )}
      <List dense disablePadding>
        {record.notes.map((note) => (
          <ListItem key={note.id} disableGutters>
            <ListItemText
              primary={<Box component="span" dir="auto" sx={{ ...ISOLATED_BLOCK, display: 'block', whiteSpace: 'pre-wrap' }}>{note.body}</Box>}
              secondary={`${note.author.name} · ${moment(note.created_at)}`}
            />
          </ListItem>
        ))}
      </List>
      <Box component="form" onSubmit={(e) => { e.preventDefault(); void add(); }} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1, flexWrap: 'wrap' }}>
        <TextField
          multiline
          minRows={2}
          label={translate('app.moderation.notes.new')}
          helperText={translate('app.moderation.notes.private')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX, dir: 'auto' } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !body.trim()}>
          {translate('app.moderation.notes.add')}
        </Button>
      </Box>
    </Section>
  );
}

export function CaseHistory({ record }: { record: CaseDetail }) {
  const translate = useTranslate();
  const text = useAuditText();
  return (
    <Section title={translate('app.moderation.history')}>
      {record.history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.moderation.history_none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {record.history.map((entry) => (
            <ListItem key={entry.id} disableGutters>
              <ListItemText primary={`${text.action(entry.action)} · ${text.record(entry)}`} secondary={`${entry.actor?.name ?? translate('app.audit.system')} · ${text.when(entry.created_at)}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
