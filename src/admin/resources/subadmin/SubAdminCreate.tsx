import { TextInput } from 'react-admin';
import { subAdminCreateSchema } from '@shared/validation/user';
import { AddButtonWithDialog } from '../../components/FormDialog';
import { PictureInput, pictureField } from '../../components/PictureInput';

const schema = subAdminCreateSchema.extend({ profile_pic: pictureField });

/** 'Add Sub Admin': the server generates the password, mails it, and starts the account at 'Request Pending'. */
export const SubAdminCreateButton = () => (
  <AddButtonWithDialog resource="subadmin" titleKey="app.subadmin.add" successKey="messages.subAdminAdded" schema={schema}>
    <PictureInput source="profile_pic" label="resources.user.fields.profile_pic" />
    <TextInput source="name" label="resources.user.fields.full_name" fullWidth />
    <TextInput source="email" label="resources.user.fields.email" type="email" fullWidth />
    <TextInput source="phone" label="resources.user.fields.phone" fullWidth />
  </AddButtonWithDialog>
);
