import { DataTable } from 'react-admin';
import { AccountActionsColumn, AvatarColumn, PhoneColumn } from '../../components/AccountColumns';
import { CreatedAndStatusColumns, ResourceTable, ResourceList } from '../../components/lists';
import { SubAdminCreateButton } from './SubAdminCreate';

/** /subadmin: the sub-admins list (spec §2 "/subadmin"). */
export function SubAdminList() {
  return (
    <ResourceList searchKey="resources.subadmin.search" actions={<SubAdminCreateButton />}>
      <ResourceTable>
        <AvatarColumn />
        <DataTable.Col source="name" label="resources.user.fields.full_name" />
        <DataTable.Col source="email" label="resources.user.fields.email" />
        <PhoneColumn />
        <CreatedAndStatusColumns fields="resources.user.fields" />
        <AccountActionsColumn resource="subadmin" />
      </ResourceTable>
    </ResourceList>
  );
}
