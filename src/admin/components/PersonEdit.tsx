import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, useEditContext, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { type Resolver, useFormState } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { v } from '@shared/validation/messages';
import { nameField } from '@shared/validation/user';
import { PasswordInput } from './PasswordField';
import { phoneWithCode } from '@shared/validation/phone';
import { PictureInput, pictureField } from './PictureInput';
import { EditingNotice } from '../live/EditingNotice';
import { isMissingRecord, NOT_FOUND_PATH } from '../notFound';
import { retryDelay, retryWhileUnreachable } from '../providers/reachability';
import { isRecordChanged, RecordChangedAlert } from './RecordChangedAlert';
import { AccountStatusInput } from './StatusInput';
import { useServerMessage } from './useServerMessage';

export interface PersonEditProps {
  resource: 'user' | 'subadmin';
  titleKey: string;
  successKey: string;
  /** where to go after a successful update, and after how long (ms) */
  backPath: string;
  backDelayMs?: number;
  /** status choices of the form */
  statuses: readonly string[];
  /** the rule of the optional new password */
  passwordField: z.ZodType;
  /** extra inputs (the sub-admin's permissions) and the field names they add */
  extra?: ReactNode;
  extraFields?: string[];
}

/** Enabled once something changed (an unchanged save would write nothing), except while saving. */
function UpdateButton() {
  const { isSubmitting, isDirty } = useFormState();
  return <SaveButton label="app.user.update" alwaysEnable={!isSubmitting && isDirty} />;
}

/** The refusal of a save that someone else's came before, in the form (RecordChangedAlert), with the account's History. */
function PersonChangedAlert({ resource, changed, onReloaded }: { resource: PersonEditProps['resource']; changed: boolean; onReloaded: () => void }) {
  const { record, refetch } = useEditContext();
  if (!record) return null;
  return (
    <RecordChangedAlert
      open={changed}
      version={record.updated_at}
      reload={refetch}
      onReloaded={onReloaded}
      history={{ entity: 'user', resource, id: record.id }}
    />
  );
}

function CurrentPicture() {
  const record = useRecordContext();
  return <PictureInput source="profile_pic" label="resources.user.fields.profile_pic" currentUrl={record?.thumbnail} />;
}

/** The phone with its calling code, as the lists show it (finding m14); not editable (spec §2). */
function CurrentPhone() {
  const record = useRecordContext();
  return <TextInput source="phone" label="resources.user.fields.phone_number" format={(phone) => phoneWithCode(phone, record?.country_code)} disabled fullWidth />;
}

/** Edit form of a user (/edituser/{id}) or sub-admin (/editsubadmin/{id}): email and phone disabled. */
export function PersonEdit({ resource, titleKey, successKey, backPath, backDelayMs = 0, statuses, passwordField, extra, extraFields = [] }: PersonEditProps) {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const serverMessage = useServerMessage();
  const [changed, setChanged] = useState(false);
  const navigate = useNavigate();
  const onReadError = (error: unknown) => {
    if (isMissingRecord(error)) navigate(NOT_FOUND_PATH, { replace: true });
    else notify(serverMessage(error), { type: 'error' });
  };
  // loose: the resolver's output is what gets saved, so the inputs the schema does not check
  // (the permissions) must pass through
  const schema = z.looseObject({
    name: nameField,
    status: z.string({ error: v('statusRequired') }).min(1, v('statusRequired')),
    password: passwordField,
    profile_pic: pictureField,
  });
  // only the form's own fields go to the server (the record also carries counts)
  const pick = (data: Record<string, unknown>) =>
    Object.fromEntries(['name', 'status', 'password', 'profile_pic', ...extraFields].map((k) => [k, data[k]]));
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 800 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {translate(titleKey)}
      </Typography>
      {id && <EditingNotice resource={resource} id={id} />}
      <Edit
        resource={resource}
        id={id}
        mutationMode="pessimistic"
        // the account stays as the form opened on it while the person types (a refocused window does not
        // reload it): its save is checked against that version, so a colleague's change meanwhile is
        // refused with 'recordChanged' instead of being overwritten
        // (retried while the server is away; a record that is not there is the product's 404 page)
        queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false, retry: retryWhileUnreachable, retryDelay, onError: onReadError }}
        transform={pick}
        actions={false}
        title={titleKey}
        redirect={false}
        mutationOptions={{
          onSuccess: () => {
            notify(successKey, { type: 'success' });
            setTimeout(() => redirect(backPath), backDelayMs);
          },
          onError: (e: unknown) => {
            notify(serverMessage(e), { type: 'error' });
            if (isRecordChanged(e)) setChanged(true);
          },
        }}
      >
        <SimpleForm
          resolver={zodResolver(schema as never) as unknown as Resolver}
          // the dialogs' rule (DialogForm): messages when a field is left or on the first save attempt,
          // which focuses the first invalid field; Update stays enabled
          mode="onTouched"
          reValidateMode="onChange"
          shouldFocusError
          toolbar={
            <Toolbar>
              <UpdateButton />
            </Toolbar>
          }
        >
          <PersonChangedAlert resource={resource} changed={changed} onReloaded={() => setChanged(false)} />
          <CurrentPicture />
          <TextInput source="name" label="resources.user.fields.full_name" fullWidth />
          <TextInput source="email" label="resources.user.fields.email" disabled fullWidth />
          <CurrentPhone />
          <AccountStatusInput statuses={statuses} />
          <PasswordInput source="password" label="resources.user.fields.password" fullWidth autoComplete="new-password" />
          {extra}
        </SimpleForm>
      </Edit>
    </Box>
  );
}
