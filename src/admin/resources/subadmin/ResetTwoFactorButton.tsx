import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useServerMessage } from '../../components/useServerMessage';
import { twoFactorApi } from '../../providers/twoFactor';
import { useStaffIdentity } from '../../providers/useStaff';

/** Admins: resets the Sub-Admin's two-factor sign-in (a lost phone), after a confirmation. */
export function ResetTwoFactorButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const record = useRecordContext();
  const me = useStaffIdentity();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || me?.role !== 'Admin') return null;
  const reset = async () => {
    setBusy(true);
    try {
      notify(serverMessage(await twoFactorApi.reset(record.id)), { type: 'success' });
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        {translate('app.two_factor.reset')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('app.two_factor.reset')}
        content={translate('app.two_factor.reset_confirm', { name: record.name })}
        confirm={translate('app.two_factor.reset')}
        onConfirm={() => void reset()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
