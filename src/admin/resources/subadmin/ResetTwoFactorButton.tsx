import LockResetIcon from '@mui/icons-material/LockReset';
import { AdminPersonAction } from '../../components/AdminPersonAction';
import { twoFactorApi } from '../../providers/twoFactor';

/** Admins: resets the Sub-Admin's two-factor sign-in (a lost phone), after a confirmation. */
export function ResetTwoFactorButton() {
  return (
    <AdminPersonAction
      label="app.two_factor.reset"
      color="warning"
      icon={<LockResetIcon />}
      title="app.two_factor.reset"
      content="app.two_factor.reset_confirm"
      act={(record) => twoFactorApi.reset(record.id)}
    />
  );
}
