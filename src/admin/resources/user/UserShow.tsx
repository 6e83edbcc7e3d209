import { PersonShow } from '../../components/PersonShow';

/** /user/{id}: every field of spec §2 "/user/{id}", read-only. */
export const UserShow = () => <PersonShow resource="user" backPath="/user" titleKey="app.user.detail" withCounts editPath={(id) => `/edituser/${id}`} />;
