import LogoutIcon from '@mui/icons-material/Logout';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { AdminPersonAction } from './AdminPersonAction';

/** An Admin's "Sign out everywhere" on a staff member's detail page: every session of that account ends at once. */
export function StaffSignOutButton() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return (
    <AdminPersonAction
      label="app.sessions.sign_out_everywhere"
      icon={<LogoutIcon />}
      color="error"
      title="app.sessions.staff_confirm_title"
      content="app.sessions.staff_confirm"
      act={async (record) => (await dataProvider.endStaffSessions(record.id)).message}
    />
  );
}
