import { DataTable } from 'react-admin';
import { AvatarCell, DateCell, NoRecords, ResourceList, StatusChip } from '../../components/lists';
import { RowActions } from '../../components/RowActions';
import { SubAdminCreateButton } from './SubAdminCreate';

/** /subadmin: the sub-admins list (spec §2 "/subadmin"). */
export function SubAdminList() {
  return (
    <ResourceList searchKey="resources.subadmin.search" sort={{ field: 'id', order: 'DESC' }} actions={<SubAdminCreateButton />}>
      <DataTable bulkActionButtons={false} empty={<NoRecords />} rowClick={false}>
        <DataTable.Col source="thumbnail" label="resources.user.fields.profile_pic" disableSort>
          <AvatarCell source="thumbnail" />
        </DataTable.Col>
        <DataTable.Col source="name" label="resources.user.fields.full_name" />
        <DataTable.Col source="email" label="resources.user.fields.email" />
        <DataTable.Col source="phone" label="resources.user.fields.phone" />
        <DataTable.Col source="created_at" label="resources.user.fields.created_at">
          <DateCell source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status" label="resources.user.fields.status">
          <StatusChip />
        </DataTable.Col>
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            viewPath={(id) => `/subadmin/${id}`}
            editPath={(id) => `/editsubadmin/${id}`}
            deleteConfirmKey="app.confirm.delete_user"
            deletedKey="messages.userDeleted"
          />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}
