import { optionalSubAdminPassword, SUBADMIN_FORM_STATUSES } from '@shared/validation/user';
import { PermissionsInput, useGrantsPermissions } from '../../components/PermissionsInput';
import { PersonEdit } from '../../components/PersonEdit';

export const SUBADMIN_BACK_DELAY_MS = 2000;

/**
 * /editsubadmin/{id}: name, password (sub-admin rule), status and picture; an Admin also grants or
 * withdraws each permission of spec §6. Back to /subadmin 2 seconds after success.
 */
export function SubAdminEdit() {
  const grants = useGrantsPermissions();
  return (
    <PersonEdit
      resource="subadmin"
      titleKey="app.subadmin.edit"
      successKey="messages.subAdminUpdated"
      backPath="/subadmin"
      backDelayMs={SUBADMIN_BACK_DELAY_MS}
      statuses={SUBADMIN_FORM_STATUSES}
      passwordField={optionalSubAdminPassword}
      extraFields={grants ? ['permissions'] : []}
      extra={<PermissionsInput />}
    />
  );
}
