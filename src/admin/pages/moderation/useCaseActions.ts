// The actions on a case (claim, release, assign, note, decide, the appeal's outcome) as the desk and the
// case page run them: the server's message in a toast, and the screens read again, whether it was done
// or refused (a 409: someone else holds or decided the case, the toast names them).
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { messageKeyOf, useServerMessage } from '../../components/useServerMessage';

/** The decision a 409 names when someone else decided the case first. */
const decisionOf = (error: unknown) => (error as { body?: { data?: { decision?: { action?: string | null } } } } | null)?.body?.data?.decision?.action;

export function useCaseAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const serverMessage = useServerMessage();
  const translate = useTranslate();
  /** The refusal in the person's language; a decision that came second names the first one's action in it too. */
  const refusal = (error: unknown) => {
    const action = decisionOf(error);
    const known = messageKeyOf(error);
    if (!action || known?.key !== 'caseAlreadyDecided') return serverMessage(error);
    return translate('messages.caseAlreadyDecided', { ...known.values, action: translate(`app.moderation.actions.${action}`) });
  };
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
      notify(refusal(error), { type: status === 409 ? 'warning' : 'error' });
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
