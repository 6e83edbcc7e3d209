import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogContent, DialogTitle, Fab, type DialogProps } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  Button,
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
  useTranslate,
  useUpdate,
} from 'react-admin';
import { type Resolver, useFormState } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useServerMessage } from './useServerMessage';

export const zodFormResolver = (schema: ZodType) => zodResolver(schema as never) as unknown as Resolver;

/** The dialog around an add or edit form. */
export function DialogFrame({
  open,
  onClose,
  id,
  title,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** id of the title element, for aria-labelledby */
  id: string;
  title: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>{children}</DialogContent>
    </Dialog>
  );
}

/** The SimpleForm of a dialog: checked by a zod schema as the person types, Cancel and Save below. */
export function DialogForm({ schema, onClose, ...props }: Omit<SimpleFormProps, 'resolver' | 'toolbar'> & { schema: ZodType; onClose: () => void }) {
  return (
    <SimpleForm
      resolver={zodFormResolver(schema)}
      mode="onChange"
      reValidateMode="onChange"
      toolbar={<DialogToolbar onClose={onClose} />}
      {...props}
    />
  );
}

/** Cancel and Save; Save stays disabled while the form breaks a rule (spec §5) or is untouched. */
export function DialogToolbar({ onClose }: { onClose: () => void }) {
  const { isValid } = useFormState();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
      <Button label="ra.action.cancel" onClick={onClose} />
      <SaveButton disabled={!isValid} />
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
  successKey,
  schema,
  transform = (data) => data,
  initialValues,
  describeError,
  maxWidth,
  children,
}: FormDialogProps & {
  /** the form's starting values, from the row's record */
  initialValues: (record: RaRecord) => Record<string, unknown>;
  /** a message for errors the server's text does not cover (duplicates…) */
  describeError?: (error: unknown) => string | undefined;
}) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const [update] = useUpdate();
  const run = useDialogSave(onClose, describeError);
  if (!record) return null;

  const save = (values: Record<string, unknown>) =>
    run(
      () => update(resource, { id: record.id, data: transform(values), previousData: record }, { mutationMode: 'pessimistic', returnPromise: true }),
      successKey,
    );

  return (
    <DialogFrame open={open} onClose={onClose} id={`${resource}-edit-title-${record.id}`} title={translate(titleKey)} maxWidth={maxWidth}>
      <DialogForm schema={schema} onClose={onClose} record={initialValues(record)} onSubmit={save}>
        {children}
      </DialogForm>
    </DialogFrame>
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
