import { type ReactElement, useState } from 'react';
import { Button, Confirm, type RaRecord, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { usePrincipal } from '../providers/useStaff';
import { useServerMessage } from './useServerMessage';

/**
 * An Admin's action on a staff member's detail page (sign out everywhere, reset the second factor): a
 * button only an Admin sees, a confirmation naming the person, then the call, whose answer (or refusal)
 * is the toast. The server checks the same rule and writes the action to the audit trail.
 */
export function AdminPersonAction({
  label,
  icon,
  color,
  title,
  content,
  act,
}: {
  /** catalogue keys: the button's and the confirm button's label, the confirmation's title (with %{name}) and text */
  label: string;
  /** required: on a phone react-admin shows a button by its icon alone */
  icon: ReactElement;
  color: 'error' | 'warning';
  title: string;
  content: string;
  /** the call; answers the server's message */
  act: (record: RaRecord) => Promise<string>;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const { role } = usePrincipal();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || role !== 'Admin') return null;

  const run = async () => {
    setBusy(true);
    try {
      notify(serverMessage(await act(record)), { type: 'success', autoHideDuration: 3000 });
    } catch (e) {
      notify(serverMessage(e), { type: 'error', autoHideDuration: 3000 });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button label={label} color={color} variant="outlined" onClick={() => setConfirming(true)} disabled={busy}>
        {icon}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate(title, { name: record.name })}
        content={translate(content, { name: record.name })}
        confirm={label}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
