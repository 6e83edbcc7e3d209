import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { ExportButton, type Exporter, useDataProvider, useListContext, useLocaleState, useNotify, useStore, useTranslate } from 'react-admin';
import { initiallyHidden } from '@shared/listColumns';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { exportLayoutOf } from './exportColumns';
import { useServerMessage } from './useServerMessage';

/**
 * react-admin's Export button, with an exporter that asks the server for the file: the list as it is
 * shown (its search, sort, filters and permanent filter), every page of it, as a CSV of the columns the
 * table shows (src/shared/listColumns.ts, less those its column chooser hides), headed and worded in the admin's language. The server streams it with the
 * list's own permission; cells a spreadsheet would run as a formula come neutralised.
 * Disabled while the list loads, while a file is on its way, and when the list is empty.
 */
export function ExportCsvButton({ meta }: { meta?: Record<string, unknown> }) {
  const { resource, filter, filterValues, sort, total, isPending } = useListContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  // the columns the table hides: DataTable keeps them under its store key (`<resource>.datatable`)
  const [hidden] = useStore<string[]>(`${resource}.datatable`, initiallyHidden(resource));

  // The rows react-admin hands over are ignored: the file is the server's, not the browser's page.
  const exporter: Exporter = async () => {
    setBusy(true);
    try {
      const { blob, name } = await dataProvider.exportCsv(resource, { sort, filter: filter ? { ...filterValues, ...filter } : filterValues, meta }, exportLayoutOf(resource, translate, locale, hidden));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      // the click has handed the file to the browser
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ExportButton
      exporter={exporter}
      // react-admin reads rows before calling the exporter; one row is enough, the server sends the rest
      maxResults={1}
      disabled={busy || isPending || !total}
      // react-admin's phone icon button drops its name while disabled (an empty list): axe's button-name
      aria-label={translate('ra.action.export')}
      icon={busy ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
    />
  );
}
