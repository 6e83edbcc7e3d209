// The desk's keys (issue 34): j/k move between cases, Enter opens, one key per decision opens its
// confirmation, c claims, ? lists them. None fires while the person types (an input, a text area, an
// editable element), nor with a modifier held (the browser's and the screen reader's own keys), nor while a
// dialog is open (its own keys are Escape and its buttons).
import { useEffect, useRef } from 'react';
import type { DecisionAction } from '../../providers/moderation';

export type DeskCommand = 'next' | 'previous' | 'open' | 'claim' | 'help' | DecisionAction;

/** Each key and what it does, in the order the help dialog lists them. */
export const DESK_KEYS: readonly { key: string; command: DeskCommand }[] = [
  { key: 'j', command: 'next' },
  { key: 'k', command: 'previous' },
  { key: 'Enter', command: 'open' },
  { key: 'c', command: 'claim' },
  { key: 'd', command: 'dismiss' },
  { key: 'w', command: 'warn' },
  { key: 'h', command: 'hide' },
  { key: 's', command: 'suspend' },
  { key: 'b', command: 'ban' },
  { key: '?', command: 'help' },
];

/** Is the person typing (or working a control that takes keys) where the event happened? */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return !!target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"], [role="listbox"], [role="menu"], [role="dialog"]');
}

/** The command of a key press, or null when it is none of the desk's or is not the desk's to take. */
export function commandOf(event: Pick<KeyboardEvent, 'key' | 'target' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented'>): DeskCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  // Enter on a button or link is that control's own
  if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a')) return null;
  return DESK_KEYS.find((k) => k.key === event.key)?.command ?? null;
}

/** Calls `onCommand` for the desk's keys pressed on the page (see commandOf for when they are not taken). */
export function useDeskKeys(onCommand: (command: DeskCommand) => boolean | void) {
  const handler = useRef(onCommand);
  handler.current = onCommand;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const command = commandOf(event);
      // an open dialog (a decision, the help) owns the keyboard
      if (!command || document.querySelector('[role="dialog"], [role="presentation"].MuiDialog-root')) return;
      if (handler.current(command) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
