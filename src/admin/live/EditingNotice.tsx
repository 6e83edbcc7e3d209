// "Aylin is editing this" in an edit dialog: the dialog says it is open (POST /api/events/editing) when
// it opens and every EDITING_HEARTBEAT_MS, and closed when it closes; the answer names who else has it
// open, the live stream who opens or closes it later. A browser that goes away stops saying so: its
// presence lapses (EDITING_TTL_MS), and at once when its stream ends. The save's 409 stays the backstop.
import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { EDITING_HEARTBEAT_MS, type LivePresence } from '@shared/live';
import { apiFetch } from '../providers/httpClient';
import { liveBus } from './bus';

type Editors = Record<number, LivePresence>;

const say = (resource: string, id: string, editing: boolean) =>
  apiFetch<{ editing: LivePresence[] }>('/events/editing', {
    method: 'POST',
    body: JSON.stringify({ resource, id: Number(id), editing }),
    headers: { 'Content-Type': 'application/json' },
  });

/** Who else has record `id` of `resource` open for editing, while this dialog is open. */
function useOtherEditors(resource: string, id: string): LivePresence[] {
  const [editors, setEditors] = useState<Editors>({});
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!/^\d+$/.test(id)) return;
    let open = true;
    const merge = (presences: readonly LivePresence[]) => {
      if (!open) return;
      setEditors((current) => {
        const next = { ...current };
        for (const p of presences) {
          if (p.until > 0) next[p.by.id] = p;
          else delete next[p.by.id];
        }
        return next;
      });
      setNow(Date.now());
    };
    const tell = () =>
      void say(resource, id, true).then(
        (answer) => merge(answer.data.editing),
        () => undefined,
      );
    tell();
    const heartbeat = setInterval(tell, EDITING_HEARTBEAT_MS);
    const stop = liveBus.subscribe((message) => {
      if (message.kind === 'editing' && message.presence.resource === resource && message.presence.id === id) merge([message.presence]);
    });
    return () => {
      open = false;
      clearInterval(heartbeat);
      stop();
      void say(resource, id, false).catch(() => undefined);
    };
  }, [resource, id]);
  // a presence nobody renewed lapses
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), EDITING_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, []);
  return Object.values(editors).filter((p) => p.until > now);
}

export function EditingNotice({ resource, id }: { resource: string; id: string }) {
  const translate = useTranslate();
  const others = useOtherEditors(resource, id);
  if (!others.length) return null;
  const names = others.map((p) => p.by.name).join(', ');
  return (
    <Alert severity="info" role="status" sx={{ mx: 2, mt: 1 }}>
      {translate('app.live.editing', { smart_count: others.length, name: names })}
    </Alert>
  );
}
