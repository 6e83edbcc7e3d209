import { TextInput } from 'react-admin';
import { z } from 'zod';
import { PERMISSIONS } from '@shared/access';
import { SUBADMIN_FORM_STATUSES, subAdminCreateSchema } from '@shared/validation/user';
import { AddButtonWithDialog } from '../../components/FormDialog';
import { PermissionsInput, useGrantsPermissions } from '../../components/PermissionsInput';
import { PhoneInput } from '../../components/PhoneInput';
import { PictureInput, pictureField } from '../../components/PictureInput';
import { AccountStatusInput } from '../../components/StatusInput';

// the resolver's output is what is sent: the permissions an Admin ticks go through it too
const schema = subAdminCreateSchema.extend({ profile_pic: pictureField, permissions: z.array(z.enum(PERMISSIONS)).optional() });

/**
 * 'Add Sub Admin': the server generates the password and mails it. The account starts at 'Request
 * Pending' (spec §4) unless another status is chosen, with the permissions an Admin ticks (finding m29).
 */
export const SubAdminCreateButton = () => (
  <AddButtonWithDialog
    resource="subadmin"
    titleKey="app.subadmin.add"
    successKey="messages.subAdminAdded"
    schema={schema}
    // only an Admin's dialog sends permissions (the server refuses them from anyone else)
    defaultValues={useGrantsPermissions() ? { status: 'Request Pending', permissions: [] } : { status: 'Request Pending' }}
  >
    <PictureInput source="profile_pic" label="resources.user.fields.profile_pic" />
    <TextInput source="name" label="resources.user.fields.full_name" fullWidth />
    <TextInput source="email" label="resources.user.fields.email" type="email" fullWidth />
    <PhoneInput />
    <AccountStatusInput statuses={SUBADMIN_FORM_STATUSES} />
    <PermissionsInput />
  </AddButtonWithDialog>
);
