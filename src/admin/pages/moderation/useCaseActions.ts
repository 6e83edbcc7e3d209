// The actions on a case (claim, release, assign, note, decide, the appeal's outcome) as the desk and the
// case page run them: the server's message in a toast, and the screens read again, whether it was done
// or refused (a 409: someone else holds or decided the case, the toast names them).
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useServerMessage } from '../../components/useServerMessage';

export function useCaseAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const serverMessage = useServerMessage();
  const [busy, setBusy] = useState(false);
  /** Runs `action`; `done` is the catalogue key of the toast when it worked. Answers whether it worked. */
  const run = async (action: () => Promise<unknown>, done: string, values?: Record<string, unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success', messageArgs: values });
      return true;
    } catch (error) {
      const status = (error as { status?: number }).status;
      notify(serverMessage(error), { type: status === 409 ? 'warning' : 'error' });
      return false;
    } finally {
      setBusy(false);
      refresh();
      // the menu badge, the bell and the dashboard tiles count the open cases
      void queryClient.invalidateQueries({ queryKey: ['moderation', 'summary'] });
    }
  };
  return { run, busy };
}
