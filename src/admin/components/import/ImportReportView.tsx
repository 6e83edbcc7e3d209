// A dry run's report in the import dialog: what the file would add and update, and each refused row with
// its row number, column and message in the admin's language (the server names each message's key).
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportReport } from '@shared/importCsv';

export function ImportReportView({ report }: { report: ImportReport }) {
  const translate = useTranslate();
  const { rows, created, updated, unchanged, invalid, errors, errors_left_off } = report;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity={invalid ? 'error' : 'success'} role="status">
        {translate('app.import.summary', { rows, created, updated, unchanged, invalid })}
        {invalid > 0 && <Box sx={{ mt: 0.5 }}>{translate('app.import.fix_first')}</Box>}
      </Alert>
      {errors.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.import.errors')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.import.row')}</TableCell>
                <TableCell>{translate('app.import.column')}</TableCell>
                <TableCell>{translate('app.import.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((e, i) => (
                <TableRow key={i}>
                  <TableCell>{e.row}</TableCell>
                  <TableCell>
                    <bdi>{e.column ?? '—'}</bdi>
                  </TableCell>
                  <TableCell>{translate(e.key, { ...e.values, _: e.message })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {errors_left_off > 0 && <Typography variant="body2">{translate('app.import.more_errors', { count: errors_left_off })}</Typography>}
    </Box>
  );
}
