import { PersonShow } from '../../components/PersonShow';
import { StaffSignOutButton } from '../../components/StaffSignOutButton';
import { ResetTwoFactorButton } from './ResetTwoFactorButton';

/**
 * /subadmin/{id}: name, email, phone number, status, registered on, profile image; Admins may sign it out
 * everywhere and reset its two-factor sign-in.
 */
export const SubAdminShow = () => (
  <PersonShow
    resource="subadmin"
    backPath="/subadmin"
    titleKey="app.subadmin.detail"
    withCounts={false}
    editPath={(id) => `/editsubadmin/${id}`}
    actions={
      <>
        <StaffSignOutButton />
        <ResetTwoFactorButton />
      </>
    }
  />
);
