import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { Edit, PasswordInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { v } from '../../../shared/validation/messages';
import { nameField, optionalUserPassword, USER_FORM_STATUSES } from '../../../shared/validation/user';
import { PictureInput, pictureField } from '../../components/PictureInput';
import { useServerMessage } from '../../components/useServerMessage';

const schema = z.object({
  name: nameField,
  status: z.string({ error: v('statusRequired') }).min(1, v('statusRequired')),
  password: optionalUserPassword,
  profile_pic: pictureField,
});

/** Only the form's own fields go to the server (the record also carries counts). */
const pick = (data: Record<string, unknown>) => ({
  name: data.name,
  status: data.status,
  password: data.password,
  profile_pic: data.profile_pic,
});

function CurrentPicture() {
  const record = useRecordContext();
  return <PictureInput source="profile_pic" label="resources.user.fields.profile_pic" currentUrl={record?.thumbnail} />;
}

/** /edituser/{id}: email and phone disabled, status blank / Active / Inactive / Pending, optional password. */
export function UserEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const serverMessage = useServerMessage();
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 800 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {translate('app.user.edit')}
      </Typography>
      <Edit
        resource="user"
        id={id}
        mutationMode="pessimistic"
        transform={pick}
        actions={false}
        title="app.user.edit"
        mutationOptions={{
          onSuccess: () => {
            notify('messages.userUpdated', { type: 'success' });
            redirect('/user');
          },
          onError: (e: unknown) => notify(serverMessage(e), { type: 'error' }),
        }}
      >
        <SimpleForm
          resolver={zodResolver(schema as never) as unknown as Resolver}
          mode="onChange"
          toolbar={
            <Toolbar>
              <SaveButton label="app.user.update" />
            </Toolbar>
          }
        >
          <CurrentPicture />
          <TextInput source="name" label="resources.user.fields.full_name" fullWidth />
          <TextInput source="email" label="resources.user.fields.email" disabled fullWidth />
          <TextInput source="phone" label="resources.user.fields.phone_number" disabled fullWidth />
          <SelectInput
            source="status"
            label="resources.user.fields.status"
            emptyText=""
            emptyValue=""
            choices={USER_FORM_STATUSES.map((s) => ({ id: s, name: `app.status.${s}` }))}
            fullWidth
          />
          <PasswordInput source="password" label="resources.user.fields.password" fullWidth autoComplete="new-password" />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
