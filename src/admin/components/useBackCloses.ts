// Browser Back (a phone's back gesture) over an open form dialog acts on the dialog, not on the page
// under it (issue 32 M9). A dialog's open state is no part of the URL (the dialogs are state of the list
// or page that opens them), so an open dialog adds a history entry of its own: the same URL and the
// router's own state, marked with the dialog. Back leaves that entry and the dialog decides: it closes,
// or it stays (changes to ask about) and puts its entry back. A dialog closed any other way (Save,
// Cancel, Discard) takes its entry back off, so no stray entry is left for Back or Forward to land on.
import { useEffect, useRef } from 'react';

const KEY = 'formDialogs';
let opened = 0;
/** a history.back() of a closing dialog, not yet done: the next dialog's entry waits for it */
let leaving: Promise<void> | null = null;

/** The dialogs whose entries the current history entry is under (an entry above its dialog's). */
const marks = (): string[] => {
  const state: unknown = window.history.state;
  const list = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return Array.isArray(list) ? (list as string[]) : [];
};

function takeEntryOff() {
  leaving = new Promise((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
    // a navigation at the same moment may take the place of that step back: never wait for ever
    setTimeout(resolve, 500);
  });
  void leaving.then(() => {
    leaving = null;
  });
  window.history.back();
}

/**
 * While `open`, Back calls `onBack`, which says whether the dialog stays open (it then asks about its
 * changes, and its entry is put back so the next Back comes here again).
 */
export function useBackCloses(open: boolean, onBack: () => boolean) {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (!open) return;
    const mark = `dialog-${++opened}`;
    const push = () => window.history.pushState({ ...(window.history.state as object | null), [KEY]: [...marks(), mark] }, '');
    const onPop = () => {
      // a dialog above this one went back, or this dialog's own entry is still there
      if (marks().includes(mark)) return;
      if (latest.current()) push();
    };
    let active = true;
    let pushed = false;
    const start = () => {
      if (!active) return;
      push();
      pushed = true;
      window.addEventListener('popstate', onPop);
    };
    if (leaving) void leaving.then(start);
    else start();
    return () => {
      active = false;
      window.removeEventListener('popstate', onPop);
      // closed otherwise than by Back (a navigation away has replaced the entry: nothing to take off)
      if (pushed && marks().at(-1) === mark) takeEntryOff();
    };
  }, [open]);
}
