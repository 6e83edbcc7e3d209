import { DataTable, NumberField, TextField } from 'react-admin';
import { AvatarCell, DateCell, NoRecords, ResourceList, StatusChip } from '../../components/lists';

/** /user: the users list (spec §2 "/user"). */
export function UserList() {
  return (
    <ResourceList searchKey="resources.user.search" sort={{ field: 'id', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} empty={<NoRecords />} rowClick={false}>
        <DataTable.Col source="thumbnail" label="resources.user.fields.profile_pic" disableSort>
          <AvatarCell source="thumbnail" />
        </DataTable.Col>
        <DataTable.Col source="name" label="resources.user.fields.name" />
        <DataTable.Col source="email" label="resources.user.fields.email" />
        <DataTable.Col source="location" label="resources.user.fields.location" />
        <DataTable.Col source="phone" label="resources.user.fields.phone" />
        <DataTable.Col source="postCount" label="resources.user.fields.postCount" disableSort>
          <NumberField source="postCount" />
        </DataTable.Col>
        <DataTable.Col source="userSpotCount" label="resources.user.fields.userSpotCount" disableSort>
          <NumberField source="userSpotCount" />
        </DataTable.Col>
        <DataTable.Col source="itineraryCount" label="resources.user.fields.itineraryCount" disableSort>
          <NumberField source="itineraryCount" />
        </DataTable.Col>
        <DataTable.Col source="sequence" label="resources.user.fields.sequence">
          <TextField source="sequence" />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="resources.user.fields.created_at">
          <DateCell source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status" label="resources.user.fields.status">
          <StatusChip />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}
