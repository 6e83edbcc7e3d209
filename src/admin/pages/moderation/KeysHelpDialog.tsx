import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DESK_KEYS } from './keys';

/** The desk's keys and what each does (opened with `?`). */
export function KeysHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="desk-keys-title">
      <DialogTitle id="desk-keys-title">{translate('app.moderation.keys.title')}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby="desk-keys-title">
          <TableBody>
            {DESK_KEYS.map(({ key, command }) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ width: 80 }}>
                  {/* keys are Latin letters: shown left to right in Arabic too */}
                  <kbd dir="ltr">{key}</kbd>
                </TableCell>
                <TableCell>{translate(`app.moderation.keys.${command}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
