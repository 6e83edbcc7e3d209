import { CheckboxGroupInput } from 'react-admin';
import { DECLARED_PERMISSIONS } from '@shared/access';
import { usePrincipal } from '../providers/useStaff';

/**
 * The permissions an Admin grants a Sub-Admin (spec §6's, and any a resource declares since: shared/access.ts
 * DECLARED_PERMISSIONS), one checkbox each, by their declared labels: on the edit form and in the
 * Add Sub Admin dialog (finding m29). Nothing for anyone else: only an Admin grants (shared/access.ts).
 */
export function PermissionsInput() {
  if (usePrincipal().role !== 'Admin') return null;
  return (
    <CheckboxGroupInput
      source="permissions"
      label="app.subadmin.permissions"
      choices={DECLARED_PERMISSIONS.map((p) => ({ id: p.name, name: p.label }))}
      row={false}
    />
  );
}

/** Whether the signed-in person's forms send the permissions field. */
export const useGrantsPermissions = (): boolean => usePrincipal().role === 'Admin';
