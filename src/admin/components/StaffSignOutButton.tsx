import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { usePrincipal } from '../providers/useStaff';
import { useServerMessage } from './useServerMessage';

/**
 * An Admin's "Sign out everywhere" on a staff member's detail page: every session of that account ends
 * at once (the server writes it to the audit trail), after a confirmation. Only an Admin sees it.
 */
export function StaffSignOutButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const { role } = usePrincipal();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || role !== 'Admin') return null;

  const signOut = async () => {
    setBusy(true);
    try {
      notify(serverMessage((await dataProvider.endStaffSessions(record.id)).message), { type: 'success', autoHideDuration: 3000 });
    } catch (e) {
      notify(serverMessage(e), { type: 'error', autoHideDuration: 3000 });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button label="app.sessions.sign_out_everywhere" color="error" onClick={() => setConfirming(true)} disabled={busy}>
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('app.sessions.staff_confirm_title', { name: record.name })}
        content={translate('app.sessions.staff_confirm')}
        confirm="app.sessions.sign_out_everywhere"
        onConfirm={signOut}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
