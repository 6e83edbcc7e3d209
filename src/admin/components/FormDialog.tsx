import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogContent, DialogTitle, Fab } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Button, CreateBase, SaveButton, SimpleForm, Toolbar, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useServerMessage } from './useServerMessage';

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
  children,
}: {
  open: boolean;
  onClose: () => void;
  resource: string;
  titleKey: string;
  /** catalogue key of the success toast */
  successKey: string;
  schema: ZodType;
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${resource}-create-title`}>
      <DialogTitle id={`${resource}-create-title`}>{translate(titleKey)}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
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
          <SimpleForm
            resolver={zodResolver(schema as never) as unknown as Resolver}
            mode="onChange"
            reValidateMode="onChange"
            defaultValues={defaultValues}
            toolbar={
              <Toolbar sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                <Button label="ra.action.cancel" onClick={onClose} />
                <SaveButton alwaysEnable={false} />
              </Toolbar>
            }
          >
            {children}
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
}

/** The floating add button of a list (spec §1) and the add dialog it opens. */
export function AddButtonWithDialog(props: Omit<Parameters<typeof CreateDialog>[0], 'open' | 'onClose'>) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Fab
        color="primary"
        aria-label={translate(props.titleKey)}
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', bottom: 32, insetInlineEnd: 32, zIndex: 10 }}
      >
        <AddIcon />
      </Fab>
      <CreateDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
