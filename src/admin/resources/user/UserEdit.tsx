import { optionalUserPassword, USER_FORM_STATUSES } from '@shared/validation/user';
import { PersonEdit } from '../../components/PersonEdit';

/** /edituser/{id}: status blank / Active / Inactive / Pending, optional password by the user rule. */
export const UserEdit = () => (
  <PersonEdit
    resource="user"
    titleKey="app.user.edit"
    successKey="messages.userUpdated"
    backPath="/user"
    statuses={USER_FORM_STATUSES}
    passwordField={optionalUserPassword}
  />
);
