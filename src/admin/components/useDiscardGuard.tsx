// The one rule of closing a form dialog: nothing typed is lost without asking. Every form dialog is a
// GuardedDialog (through DialogFrame); the form inside tells it whether it holds unsaved changes
// (useGuardedClose, in the dialog's toolbar).
//
// - a backdrop click (a tap beside the dialog on a phone), Escape, Cancel and the other close buttons
//   close an unchanged dialog at once, and on a changed one ask 'Discard the changes?', naming the
//   dialog ('Discard' closes, 'Keep editing' returns to the form as it was: a stray click costs nothing);
// - browser Back (a phone's back gesture) acts the same on an open dialog, and leaves the page under it
//   where it is (useBackCloses);
// - a successful save closes the dialog without asking (the dialog's onClose, called directly).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type DialogProps } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormIsDirty, useTranslate } from 'react-admin';
import { useBackCloses } from './useBackCloses';

interface DiscardGuard {
  /** the form inside reports whether it holds unsaved changes */
  setDirty: (dirty: boolean) => void;
  /** closes the dialog, after asking when there are unsaved changes */
  requestClose: () => void;
}

const GuardContext = createContext<DiscardGuard | null>(null);

/**
 * The guard of one dialog: `onDialogClose` for MUI's Dialog (backdrop / Escape), `requestClose` for
 * close buttons, `question` to render beside the dialog, `guard` to provide to the form inside.
 * `dirty` adds changes the form does not know about; `title` names the dialog in the question.
 */
export function useDiscardGuard(onClose: () => void, dirty = false, title?: string) {
  const formDirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const extraDirty = useRef(dirty);
  extraDirty.current = dirty;

  const requestClose = useCallback(() => {
    if (formDirty.current || extraDirty.current) setAsking(true);
    else onClose();
  }, [onClose]);
  const guard = useMemo<DiscardGuard>(
    () => ({
      setDirty: (d) => {
        formDirty.current = d;
      },
      requestClose,
    }),
    [requestClose],
  );

  const onDialogClose = () => requestClose();
  /** Back: closes an unchanged dialog; a changed one stays and asks (true) */
  const onBack = () => {
    const changed = formDirty.current || extraDirty.current;
    requestClose();
    return changed;
  };

  const question = (
    <DiscardQuestion
      open={asking}
      title={title}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        formDirty.current = false;
        onClose();
      }}
    />
  );
  return { guard, onDialogClose, requestClose, onBack, question };
}

/** MUI's Dialog with the discard guard; the form inside reports its changes through useGuardedClose. */
export function GuardedDialog({
  open,
  onClose,
  dirty,
  title,
  children,
  ...props
}: Omit<DialogProps, 'onClose' | 'title'> & { onClose: () => void; dirty?: boolean; title?: string; children: ReactNode }) {
  const { guard, onDialogClose, onBack, question } = useDiscardGuard(onClose, dirty, title);
  useBackCloses(!!open, onBack);
  return (
    <>
      <Dialog open={open} onClose={onDialogClose} {...props}>
        <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>
      </Dialog>
      {question}
    </>
  );
}

/**
 * Inside a form of a GuardedDialog: reports the form's unsaved changes to the dialog and returns the
 * close action of Cancel buttons (asks first when there are changes). Outside one, `onClose` as is.
 */
export function useGuardedClose(onClose: () => void) {
  const guard = useContext(GuardContext);
  const dirty = useFormIsDirty();
  useEffect(() => {
    guard?.setDirty(dirty);
  }, [guard, dirty]);
  // the form is gone (the dialog closed, or the form was re-created): nothing of it is left to lose
  useEffect(() => () => guard?.setDirty(false), [guard]);
  return guard?.requestClose ?? onClose;
}

/**
 * Inside a GuardedDialog: its close action for a close button outside the form (the dialog's header),
 * asking first when there are changes.
 */
export function useDialogClose(onClose: () => void) {
  return useContext(GuardContext)?.requestClose ?? onClose;
}

/**
 * 'Discard the changes?', saying where the changes are, with 'Discard' / 'Keep editing' (Escape and a
 * backdrop click keep editing).
 */
function DiscardQuestion({ open, title, onKeep, onDiscard }: { open: boolean; title?: string; onKeep: () => void; onDiscard: () => void }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={id} aria-describedby={`${id}-why`} role="alertdialog" maxWidth="xs">
      <DialogTitle id={id}>{translate('app.discard.question')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-why`}>
          {title ? translate('app.discard.explain', { title }) : translate('app.discard.explain_untitled')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {translate('app.discard.keep')}
        </Button>
        <Button onClick={onDiscard} color="error" variant="contained">
          {translate('app.discard.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
