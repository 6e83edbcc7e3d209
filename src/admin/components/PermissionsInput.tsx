import { CheckboxGroupInput } from 'react-admin';
import { PERMISSIONS } from '@shared/access';
import { usePrincipal } from '../providers/useStaff';

/**
 * The permissions of spec §6 an Admin grants a Sub-Admin, one checkbox each: on the edit form and in the
 * Add Sub Admin dialog (finding m29). Nothing for anyone else: only an Admin grants (shared/access.ts).
 */
export function PermissionsInput() {
  if (usePrincipal().role !== 'Admin') return null;
  return (
    <CheckboxGroupInput
      source="permissions"
      label="app.subadmin.permissions"
      choices={PERMISSIONS.map((p) => ({ id: p, name: `app.permissions.${p}` }))}
      row={false}
    />
  );
}

/** Whether the signed-in person's forms send the permissions field. */
export const useGrantsPermissions = (): boolean => usePrincipal().role === 'Admin';
