import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useServerMessage } from './useServerMessage';

/**
 * Export: the list as it is shown (its search, sort and filters), every page of it, as a CSV file. The
 * server streams it with the list's own permission; cells a spreadsheet would run as a formula come
 * neutralised. Disabled while the list loads and when it is empty.
 */
export function ExportCsvButton() {
  const { resource, filterValues, sort, total, isPending } = useListContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await dataProvider.exportCsv(resource, { sort, filter: filterValues });
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
    <Button label="ra.action.export" onClick={download} disabled={busy || isPending || !total}>
      {busy ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
    </Button>
  );
}
