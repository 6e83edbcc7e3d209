// Hooks over the live bus: the changes a list or record page shows, told once it is safe to reload.
import { useEffect, useRef, useState } from 'react';
import type { LiveChange } from '@shared/live';
import { useStaffIdentity } from '../providers/useStaff';
import { isBusy, liveBus } from './bus';

/** How often a held reload looks again whether the person is still busy. */
const RECHECK_MS = 1000;

export interface LiveUpdates {
  /** changes held back while the person was busy */
  held: number;
  /** who made the latest change reloaded (a name; '' for the system), null when none */
  by: string | null;
  /** reloads now (the "N changes: refresh" button) */
  reloadNow: () => void;
}

/**
 * Calls `reload` when a colleague changes what `concerns` accepts (or the stream asks for a refresh):
 * at once when the person is not busy (`busy` adds what only the screen knows: rows ticked), else
 * counted until they are. The person's own changes are left to the screen that made them.
 */
export function useLiveUpdates(concerns: (change: LiveChange) => boolean, reload: () => void, busy: () => boolean = () => false): LiveUpdates {
  const [held, setHeld] = useState(0);
  const [by, setBy] = useState<string | null>(null);
  const me = useStaffIdentity()?.id;
  const latest = useRef({ concerns, reload, busy, me, pendingBy: null as string | null });
  latest.current = { ...latest.current, concerns, reload, busy, me };
  const reloadNow = () => {
    setHeld(0);
    setBy(latest.current.pendingBy);
    latest.current.reload();
  };
  const reloadRef = useRef(reloadNow);
  reloadRef.current = reloadNow;

  useEffect(
    () =>
      liveBus.subscribe((message) => {
        if (message.kind === 'editing') return;
        if (message.kind === 'change') {
          const { change } = message;
          if (change.by?.id === latest.current.me || !latest.current.concerns(change)) return;
          latest.current.pendingBy = change.by?.name ?? '';
        }
        if (isBusy() || latest.current.busy()) setHeld((n) => n + 1);
        else reloadRef.current();
      }),
    [],
  );
  // held changes are reloaded once the person is done
  useEffect(() => {
    if (!held) return;
    const timer = setInterval(() => {
      if (!isBusy() && !latest.current.busy()) reloadRef.current();
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [held]);
  return { held, by, reloadNow };
}
