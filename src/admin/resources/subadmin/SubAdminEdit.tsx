import { CheckboxGroupInput } from 'react-admin';
import { PERMISSIONS } from '@shared/access';
import { optionalSubAdminPassword, SUBADMIN_FORM_STATUSES } from '@shared/validation/user';
import { PersonEdit } from '../../components/PersonEdit';
import { usePrincipal } from '../../providers/useStaff';

export const SUBADMIN_BACK_DELAY_MS = 2000;

/**
 * /editsubadmin/{id}: name, password (sub-admin rule), status and picture; an Admin also grants or
 * withdraws each permission of spec §6. Back to /subadmin 2 seconds after success.
 */
export function SubAdminEdit() {
  const isAdmin = usePrincipal().role === 'Admin';
  return (
    <PersonEdit
      resource="subadmin"
      titleKey="app.subadmin.edit"
      successKey="messages.subAdminUpdated"
      backPath="/subadmin"
      backDelayMs={SUBADMIN_BACK_DELAY_MS}
      statuses={SUBADMIN_FORM_STATUSES}
      passwordField={optionalSubAdminPassword}
      extraFields={isAdmin ? ['permissions'] : []}
      extra={
        isAdmin && (
          <CheckboxGroupInput
            source="permissions"
            label="app.subadmin.permissions"
            choices={PERMISSIONS.map((p) => ({ id: p, name: `app.permissions.${p}` }))}
            row={false}
          />
        )
      }
    />
  );
}
