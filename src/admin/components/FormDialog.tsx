import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Box, DialogContent, DialogTitle, Fab, IconButton, Button as MuiButton, type DialogProps } from '@mui/material';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import {
  CreateBase,
  type RaRecord,
  SaveButton,
  SimpleForm,
  type SimpleFormProps,
  Toolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useDataProvider,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { type FieldErrors, get, type Resolver, type ResolverResult, set, useFormContext, useFormState } from 'react-hook-form';
import type { ZodType } from 'zod';
import { HistoryToggle } from './audit/History';
import { EditingNotice } from '../live/EditingNotice';
import { isRecordChanged, RecordChangedAlert } from './RecordChangedAlert';
import { usePhone } from './usePhone';
import { GuardedDialog, useDialogClose, useGuardedClose } from './useDiscardGuard';
import { useServerMessage } from './useServerMessage';

export const zodFormResolver = (schema: ZodType) => zodResolver(schema as never) as unknown as Resolver;

/** Touch targets of a phone dialog's buttons: 44 px at least (WCAG 2.5.5). */
const TOUCH_TARGET = { minHeight: 44, minWidth: 44 } as const;

/**
 * The dialog around an add or edit form. It never loses what was typed without asking (useDiscardGuard):
 * a backdrop click, Escape and Cancel close it while unchanged and ask 'Discard the changes?' otherwise.
 * On a phone it takes the whole screen, with a close button in its header and its Save bar at its bottom.
 */
export function DialogFrame({
  open,
  onClose,
  id,
  title,
  maxWidth = 'sm',
  dirty,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** id of the title element, for aria-labelledby */
  id: string;
  title: string;
  maxWidth?: DialogProps['maxWidth'];
  /** unsaved changes the form does not know about */
  dirty?: boolean;
  children: ReactNode;
}) {
  const phone = usePhone();
  return (
    <GuardedDialog open={open} onClose={onClose} dirty={dirty} title={title} fullWidth fullScreen={phone} maxWidth={maxWidth} aria-labelledby={id}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, py: { xs: 1, sm: 2 } }}>
        <Box component="span" id={id} sx={{ flex: 1 }}>
          {title}
        </Box>
        {phone && <DialogCloseButton onClose={onClose} />}
      </DialogTitle>
      {/* the form fills a phone's screen, its Save bar at the bottom */}
      <DialogContent sx={{ p: 0, display: 'flex', flexDirection: 'column', '& > form': { flex: '1 0 auto', display: 'flex', flexDirection: 'column' } }}>{children}</DialogContent>
    </GuardedDialog>
  );
}

/** The close button of a phone dialog's header: asks first when there are changes, as Cancel does. */
function DialogCloseButton({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const close = useDialogClose(onClose);
  return (
    <IconButton aria-label={translate('ra.action.close')} onClick={close} edge="end" sx={TOUCH_TARGET}>
      <CloseIcon />
    </IconButton>
  );
}

/** What the dialog's resolver needs to know of its form (filled in by DialogToolbar, inside the form). */
interface ShownState {
  isSubmitted: boolean;
  isTouched: (path: string) => boolean;
}

/**
 * The zod resolver of a dialog. react-hook-form checks a whole list again after a row is added or
 * removed, which would show the messages of rows nobody has left yet (a new empty row turning red at
 * once): until the first save attempt, those checks keep only the messages of rows' fields already
 * left, and the list's own message (no row left at all).
 */
function dialogResolver(schema: ZodType, shown: RefObject<ShownState | null>): Resolver {
  const resolve = zodFormResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const state = shown.current;
    const list = options.names?.length === 1 ? options.names[0] : undefined;
    if (!list || !state || state.isSubmitted || !Array.isArray(get(values, list))) return result;
    const rows = get(result.errors, list) as unknown;
    if (!Array.isArray(rows)) return result;
    const kept = rows.map((row: Record<string, unknown> | undefined, i) => {
      const fields = Object.entries(row ?? {}).filter(([field]) => state.isTouched(`${list}.${i}.${field}`));
      return fields.length ? Object.fromEntries(fields) : undefined;
    });
    const errors: FieldErrors = { ...result.errors };
    if (kept.some(Boolean)) set(errors, list, kept);
    else if (list.includes('.')) set(errors, list, undefined);
    else delete errors[list];
    return { ...result, errors } as ResolverResult;
  };
}

/**
 * The SimpleForm of a dialog, checked by a zod schema (spec §5). One rule for every dialog: a field's
 * message appears when it is left, or on the first save attempt (then every message shows and the first
 * invalid field gets the focus); a shown message follows the typing. Save stays enabled, unless
 * `blockSaveWhileInvalid` (the catalogue add rows: Save is disabled while their message shows).
 */
export function DialogForm({
  schema,
  onClose,
  blockSaveWhileInvalid = false,
  requireChanges = false,
  ...props
}: Omit<SimpleFormProps, 'resolver' | 'toolbar'> & { schema: ZodType; onClose: () => void; blockSaveWhileInvalid?: boolean; requireChanges?: boolean }) {
  const shown = useRef<ShownState | null>(null);
  const resolver = useMemo(() => dialogResolver(schema, shown), [schema]);
  return (
    <SimpleForm
      resolver={resolver}
      mode="onTouched"
      reValidateMode="onChange"
      shouldFocusError
      toolbar={<DialogToolbar onClose={onClose} blockSaveWhileInvalid={blockSaveWhileInvalid} requireChanges={requireChanges} shown={shown} />}
      {...props}
    />
  );
}

/**
 * Cancel and Save. Cancel asks before discarding changes. Save stays enabled (a save attempt shows what
 * is missing) except while saving, and, with `blockSaveWhileInvalid`, while a message shows.
 */
export function DialogToolbar({
  onClose,
  blockSaveWhileInvalid = false,
  requireChanges = false,
  shown,
}: {
  onClose: () => void;
  blockSaveWhileInvalid?: boolean;
  /** an edit: Save waits for a change (an unchanged save would write nothing) */
  requireChanges?: boolean;
  shown?: RefObject<ShownState | null>;
}) {
  const close = useGuardedClose(onClose);
  const translate = useTranslate();
  const { getFieldState } = useFormContext();
  const { errors, isSubmitting, isSubmitted, isDirty } = useFormState();
  if (shown) shown.current = { isSubmitted, isTouched: (path) => getFieldState(path).isTouched };
  const blocked = blockSaveWhileInvalid && Object.keys(errors).length > 0;
  return (
    // on a phone, react-admin fixes a form's toolbar to the bottom of the screen: in a dialog it stays
    // the dialog's own bottom bar instead, over the form's scrolling fields
    <Toolbar
      sx={{
        display: 'flex',
        justifyContent: 'flex-end',
        gap: 1,
        '&.RaToolbar-mobileToolbar': { position: 'sticky', bottom: 0, left: 'auto', right: 'auto', mt: 'auto', p: 1.5 },
        '&.RaToolbar-mobileToolbar .MuiButton-root': TOUCH_TARGET,
      }}
    >
      {/* a text button on every screen (react-admin's Button is an icon alone on a phone, and Cancel has none) */}
      <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
      <SaveButton
        alwaysEnable={!isSubmitting && !blocked && (isDirty || !requireChanges)}
        disabled={blocked}
        // when Save blocks, a click must not first leave the field being typed in: that would show its
        // message and disable Save under the pointer, and the save attempt (which focuses the first
        // invalid field) would be lost
        onMouseDown={blockSaveWhileInvalid ? (e) => e.preventDefault() : undefined}
      />
    </Toolbar>
  );
}

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  titleKey: string;
  /** catalogue key of the success toast */
  successKey: string;
  schema: ZodType;
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/**
 * An add dialog over a list: react-admin's CreateBase + SimpleForm with a zod resolver. On success the
 * server's message is shown and the list reloads; on failure the server's message is shown and the
 * dialog closes (spec §8).
 */
export function CreateDialog({
  open,
  onClose,
  resource,
  titleKey,
  successKey,
  schema,
  transform,
  defaultValues,
  maxWidth,
  children,
}: FormDialogProps & { resource: string; defaultValues?: Record<string, unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  return (
    <DialogFrame open={open} onClose={onClose} id={`${resource}-create-title`} title={translate(titleKey)} maxWidth={maxWidth}>
      <CreateBase
        resource={resource}
        redirect={false}
        transform={transform}
        mutationOptions={{
          onSuccess: () => {
            notify(translate(successKey), { type: 'success' });
            onClose();
            refresh();
          },
          onError: (e: unknown) => {
            notify(serverMessage(e), { type: 'error' });
            onClose();
          },
        }}
      >
        <DialogForm schema={schema} onClose={onClose} defaultValues={defaultValues}>
          {children}
        </DialogForm>
      </CreateBase>
    </DialogFrame>
  );
}

/**
 * An edit dialog over a list row (the row's record): SimpleForm with a zod resolver, saved through the
 * dataProvider's update. On failure the dialog stays open with what was typed, and the server's
 * message is shown.
 */
export function EditDialog({
  open,
  onClose,
  titleKey,
  maxWidth,
  ...form
}: FormDialogProps & {
  /** the form's starting values, from the row's record */
  initialValues: (record: RaRecord) => Record<string, unknown>;
  /** a message for errors the server's text does not cover (duplicates…) */
  describeError?: (error: unknown) => string | undefined;
  /** the record's History under the form, behind a toggle: its kind in the audit trail and its resource */
  history?: { entity: string; resource: string };
}) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  if (!record) return null;
  const { history, children, ...formProps } = form;
  return (
    <DialogFrame open={open} onClose={onClose} id={`${resource}-edit-title-${record.id}`} title={translate(titleKey)} maxWidth={maxWidth}>
      <EditDialogForm record={record} resource={resource} onClose={onClose} history={history} {...formProps}>
        {children}
        {/* part of the dialog's content, above its Save bar */}
        {history && <HistoryToggle {...history} id={record.id} onReverted={onClose} />}
      </EditDialogForm>
    </DialogFrame>
  );
}

/**
 * The edit dialog's form, mounted when the dialog opens. It keeps the record as it was then: a list
 * reloaded meanwhile (the window refocused, a colleague's save) neither resets what was typed nor moves
 * the version the save is checked against, so a record changed since is refused ('recordChanged'),
 * never silently overwritten.
 */
function EditDialogForm({
  record,
  resource,
  onClose,
  successKey,
  schema,
  transform = (data) => data,
  initialValues,
  describeError,
  history,
  children,
}: Omit<FormDialogProps, 'open' | 'titleKey' | 'maxWidth'> & {
  record: RaRecord;
  resource: string;
  initialValues: (record: RaRecord) => Record<string, unknown>;
  describeError?: (error: unknown) => string | undefined;
  history?: { entity: string; resource: string };
}) {
  const [opened, setOpened] = useState(record);
  const [changed, setChanged] = useState(false);
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const run = useDialogSave(onClose, describeError);
  const save = (data: Record<string, unknown>) =>
    run(
      () =>
        update(resource, { id: opened.id, data: transform(data), previousData: opened }, { mutationMode: 'pessimistic', returnPromise: true }).catch((e: unknown) => {
          // someone else's save came first: say so in the form until dealt with, and show it in the list behind
          if (isRecordChanged(e)) {
            setChanged(true);
            refresh();
          }
          throw e;
        }),
      successKey,
    );
  // the record as it is now (the list's row), which the form then stands on
  const reload = async () => setOpened((await dataProvider.getMany(resource, { ids: [opened.id] })).data[0] ?? opened);
  const values = useMemo(() => initialValues(opened), [initialValues, opened]);
  return (
    <DialogForm schema={schema} onClose={onClose} record={values} onSubmit={save} requireChanges>
      <EditingNotice resource={resource} id={String(opened.id)} />
      <RecordChangedAlert
        open={changed}
        version={opened.updated_at}
        reload={reload}
        onReloaded={() => setChanged(false)}
        history={history && { ...history, id: opened.id }}
      />
      {children}
    </DialogForm>
  );
}

/**
 * Runs a dialog's save: on success the spec's toast, the dialog closes and the list reloads; on failure
 * the error toast (the server's message, or `describeError`'s) and the dialog stays open with what was typed.
 */
export function useDialogSave(onClose: () => void, describeError?: (error: unknown) => string | undefined) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  return async (action: () => Promise<unknown>, successKey: string) => {
    try {
      await action();
      notify(translate(successKey), { type: 'success' });
      onClose();
      refresh();
    } catch (e) {
      notify(describeError?.(e) ?? serverMessage(e), { type: 'error' });
    }
  };
}

/** The floating add button of a list (spec §1) and the dialog it opens. */
export function AddFab({
  titleKey,
  dialog,
}: {
  titleKey: string;
  dialog: (props: { open: boolean; onClose: () => void }) => ReactNode;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Fab
        color="primary"
        aria-label={translate(titleKey)}
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', bottom: 32, insetInlineEnd: 32, zIndex: 10 }}
      >
        <AddIcon />
      </Fab>
      {dialog({ open, onClose: () => setOpen(false) })}
    </>
  );
}

/** The add button of a list whose add dialog is a plain CreateDialog. */
export function AddButtonWithDialog(props: Omit<Parameters<typeof CreateDialog>[0], 'open' | 'onClose'>) {
  return <AddFab titleKey={props.titleKey} dialog={(state) => <CreateDialog {...props} {...state} />} />;
}
