// The import dialog (issue 35): a CSV file chosen or dropped is checked at once (a dry run: nothing is
// written), its report shown; "Import N rows" then sends it again to be written whole, the list refreshing
// after. Full screen on a phone.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, TextField, Typography } from '@mui/material';
import { type DragEvent, useRef, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { IMPORT_ENCODINGS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportReport, importColumns } from '@shared/importCsv';
import type { ResourceDeclaration } from '@shared/resources/types';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { usePhone } from '../usePhone';
import { useServerMessage } from '../useServerMessage';
import { ImportReportView } from './ImportReportView';

export default function ImportCsvDialog({ resource, onClose }: { resource: ResourceDeclaration; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const phone = usePhone();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<string>('utf-8');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [dragging, setDragging] = useState(false);
  const columns = importColumns(resource);

  const check = async (chosen: File, chosenEncoding = encoding) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    setBusy('checking');
    try {
      setReport((await dataProvider.importCsv(resource.name, chosen, { dryRun: true, encoding: chosenEncoding })).report);
    } catch (e) {
      setProblem(serverMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const { message } = await dataProvider.importCsv(resource.name, file, { dryRun: false, encoding });
      notify(serverMessage(message), { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      setProblem(serverMessage(e));
      // refused for rows invalid by now: the report says which
      const data = (e as { body?: { data?: ImportReport } }).body?.data;
      if (data?.errors) setReport(data);
    } finally {
      setBusy(null);
    }
  };

  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files[0];
    if (chosen && !busy) void check(chosen);
  };

  const writes = report ? report.created + report.updated : 0;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`${columns.join(',')}\r\n`)}`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate('app.import.title', { name: translate(resource.label, { smart_count: 2 }) })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          {translate('app.import.columns', { columns: columns.join(', '), match: resource.import?.match ?? '' })}{' '}
          {translate('app.import.limits', { mb: IMPORT_MAX_BYTES / 1024 / 1024, rows: IMPORT_MAX_ROWS.toLocaleString() })}{' '}
          <Link href={template} download={`${resource.name}-template.csv`}>
            {translate('app.import.template')}
          </Link>
        </Typography>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={dropped}
          data-testid="import-drop"
          sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
        >
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={translate('app.import.choose')}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void check(chosen);
            }}
          />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={!!busy}>
            {translate('app.import.choose')}
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file ? <bdi>{file.name}</bdi> : translate('app.import.drop')}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('app.import.encoding')}
            value={encoding}
            disabled={!!busy}
            onChange={(e) => {
              setEncoding(e.target.value);
              if (file) void check(file, e.target.value);
            }}
            sx={{ minWidth: 220, marginInlineStart: { sm: 'auto' } }}
          >
            {IMPORT_ENCODINGS.map((name) => (
              <MenuItem key={name} value={name}>
                {translate(`app.import.encodings.${name}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {busy && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-hidden />
            {translate(busy === 'checking' ? 'app.import.checking' : 'app.import.importing')}
          </Box>
        )}
        {problem && (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        )}
        {report && <ImportReportView report={report} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!!busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void run()} disabled={!!busy || !report || report.invalid > 0 || writes === 0}>
          {translate('app.import.run', { smart_count: writes })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
