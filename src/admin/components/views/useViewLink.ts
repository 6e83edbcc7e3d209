// A saved view opened from a link: `?view=<id>` on the list's URL applies the view once; a view that is
// gone, or not the person's to see, is said so (the server answers both alike).
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ViewState } from '@shared/savedViews';
import { savedViewCalls } from '../../providers/savedViews';
import { useServerMessage } from '../useServerMessage';

/** The link of a view: the list's own address with `?view=<id>`. */
export function viewLink(id: number): string {
  const url = new URL(window.location.href);
  url.search = `?view=${id}`;
  return url.toString();
}

/** Applies the view a link names; answers the message to show when it cannot. */
export function useViewLink(apply: (state: ViewState) => void): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const id = new URLSearchParams(location.search).get('view');
  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    const controller = new AbortController();
    savedViewCalls.one(id, controller.signal).then(
      (view) => {
        setProblem(null);
        apply(view.state);
      },
      (error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        const message = serverMessage(error);
        setProblem(message);
        // a toast too: on a phone the views are behind their button
        notify(message, { type: 'warning' });
        // the list stays as it was, without the link's id
        navigate({ pathname: location.pathname, search: '' }, { replace: true });
      },
    );
  }, [id, apply, serverMessage, notify, navigate, location.pathname]);
  return problem;
}
