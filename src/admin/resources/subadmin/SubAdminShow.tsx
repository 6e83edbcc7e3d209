import { PersonShow } from '../../components/PersonShow';

/** /subadmin/{id}: name, email, phone number, status, registered on, profile image. */
export const SubAdminShow = () => <PersonShow resource="subadmin" backPath="/subadmin" titleKey="app.subadmin.detail" withCounts={false} />;
