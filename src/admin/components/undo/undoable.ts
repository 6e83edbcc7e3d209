// Undo where it is safe (issue 35). A delete is either not sent until its toast has gone (react-admin's
// undoable mutation mode: Undo simply never sends it) or, where the server must act at once, undone by
// the server afterwards (a post's delete: the post is soft-deleted, and Undo restores it, audited).
// Account deletes stay immediate: they end the person's sessions, which must not wait for a toast.

/** How a list's delete offers Undo. */
export type UndoKind = 'undoable' | 'server' | 'none';

/** How long the toast of a change that can be undone stays (react-admin's default is 4 s). */
export const UNDO_TOAST_MS = 6000;
