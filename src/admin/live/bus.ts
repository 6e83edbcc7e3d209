// What the live stream told (connection.ts reads it): lists, record pages and edit dialogs listen here.
// Small and free of the connection's code: the lists import it, the connection loads after the first screen.
import type { LiveChange, LivePresence } from '@shared/live';

export type LiveMessage = { kind: 'change'; change: LiveChange } | { kind: 'editing'; presence: LivePresence } | { kind: 'refresh' };

const listeners = new Set<(message: LiveMessage) => void>();

export const liveBus = {
  emit(message: LiveMessage) {
    for (const listener of listeners) listener(message);
  },
  subscribe(listener: (message: LiveMessage) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * Whether the person is in the middle of something a refresh would disturb: a dialog or menu open, or
 * typing in a field (the list's search box included).
 */
export function isBusy(): boolean {
  // a dialog, a popup menu or select (MUI's popover), a suggestion list (its popper); not the side menu
  // (a popover kept mounted while closed is hidden)
  const open = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], .MuiPopover-root, .MuiAutocomplete-popper')];
  if (open.some((el) => !el.closest('.MuiModal-hidden, [aria-hidden="true"]'))) return true;
  const active = document.activeElement as HTMLElement | null;
  return !!active && (/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) || active.isContentEditable);
}
