import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
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
