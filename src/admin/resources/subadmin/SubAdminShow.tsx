import { PersonShow } from '../../components/PersonShow';
import { ResetTwoFactorButton } from './ResetTwoFactorButton';

/** /subadmin/{id}: name, email, phone number, status, registered on, profile image; Admins may reset its two-factor sign-in. */
export const SubAdminShow = () => (
  <PersonShow resource="subadmin" backPath="/subadmin" titleKey="app.subadmin.detail" withCounts={false} actions={<ResetTwoFactorButton />} />
);
