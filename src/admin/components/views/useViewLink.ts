// A saved view opened from a link: `?view=<id>` on the list's URL applies the view once; a view that is
// gone, or not the person's to see, is said so (the server answers both alike).
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
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

/** Applies the view of `resource`'s list a link names; answers the message to show when it cannot. */
export function useViewLink(resource: string, apply: (state: ViewState) => void): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const serverMessage = useServerMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const id = new URLSearchParams(location.search).get('view');
  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    const refuse = (message: string) => {
      setProblem(message);
      // a toast too: on a phone the views are behind their button
      notify(message, { type: 'warning' });
      // the list stays as it was, without the link's id
      navigate({ pathname: location.pathname, search: '' }, { replace: true });
    };
    savedViewCalls.one(id).then(
      (view) => {
        // a view of another list is not one of this list's
        if (view.resource !== resource) return refuse(translate('messages.viewNotFound'));
        setProblem(null);
        apply(view.state);
      },
      (error: unknown) => refuse(serverMessage(error)),
    );
  }, [id, resource, apply, serverMessage, translate, notify, navigate, location.pathname]);
  return problem;
}
