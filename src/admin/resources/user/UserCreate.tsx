import { TextInput } from 'react-admin';
import { z } from 'zod';
import { USER_FORM_STATUSES, userCreateSchema, userPasswordField } from '@shared/validation/user';
import { AddButtonWithDialog } from '../../components/FormDialog';
import { PasswordInput } from '../../components/PasswordField';
import { PhoneInput } from '../../components/PhoneInput';
import { PictureInput, pictureField } from '../../components/PictureInput';
import { AccountStatusInput } from '../../components/StatusInput';

// the password is checked beside the other fields too, so an empty save lists every message (the
// shared schema's check of it runs only once the other fields pass)
const schema = z.intersection(userCreateSchema, z.object({ profile_pic: pictureField, password: userPasswordField }));

/** The floating add button of /user and its 'Add User' dialog (starts at Pending, status not editable). */
export const UserCreateButton = () => (
  <AddButtonWithDialog
    resource="user"
    titleKey="app.user.add"
    successKey="messages.userAdded"
    schema={schema}
    defaultValues={{ status: 'Pending', user_type: 'User' }}
    // the status select is disabled (so not submitted): a new user always starts Pending
    transform={(data) => ({ ...data, status: 'Pending' })}
  >
    <PictureInput source="profile_pic" label="resources.user.fields.profile_pic" />
    <TextInput source="name" label="resources.user.fields.full_name" fullWidth />
    <TextInput source="email" label="resources.user.fields.email" type="email" fullWidth />
    <PhoneInput />
    <PasswordInput source="password" label="resources.user.fields.password" fullWidth />
    <AccountStatusInput statuses={USER_FORM_STATUSES} disabled />
  </AddButtonWithDialog>
);
