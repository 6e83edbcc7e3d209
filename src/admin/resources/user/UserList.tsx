import { ColumnsButton, DataTable, NumberField } from 'react-admin';
import { AvatarCell, ClippedText, DateCell, NoRecords, ResourceList, StatusChip } from '../../components/lists';
import { RowActions } from '../../components/RowActions';
import { SequenceEditor } from '../../components/SequenceEditor';
import { UserBulkActions } from './UserBulkActions';
import { UserCreateButton } from './UserCreate';

/** /user: the users list (spec §2 "/user"). */
export function UserList() {
  return (
    <ResourceList
      searchKey="resources.user.search"
      sort={{ field: 'id', order: 'DESC' }}
      actions={
        <>
          <ColumnsButton />
          <UserCreateButton />
        </>
      }
    >
        <DataTable
          bulkActionButtons={<UserBulkActions />}
          empty={<NoRecords />}
          rowClick={false}
          // the list fits a 1280 px screen: long texts clip with a tooltip, Location and Spots start hidden and the
          // column chooser (Columns) brings it back; anything wider still scrolls inside its frame
          hiddenColumns={['location', 'userSpotCount']}
          sx={{
            '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
            '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { px: 0.5 },
            // two-word headers ('Registered On') may take two lines rather than widen their column
            '& .RaDataTable-headerCell': { whiteSpace: 'normal', lineHeight: 1.25 },
          }}
        >
          <DataTable.Col source="thumbnail" label="resources.user.fields.profile_pic" disableSort>
            <AvatarCell source="thumbnail" />
          </DataTable.Col>
          <DataTable.Col source="name" label="resources.user.fields.name">
            <ClippedText source="name" width={120} />
          </DataTable.Col>
          <DataTable.Col source="email" label="resources.user.fields.email">
            <ClippedText source="email" width={150} />
          </DataTable.Col>
          <DataTable.Col source="location" label="resources.user.fields.location">
            <ClippedText source="location" width={150} />
          </DataTable.Col>
          <DataTable.Col source="phone" label="resources.user.fields.phone" />
          <DataTable.Col source="postCount" label="resources.user.fields.postCount">
            <NumberField source="postCount" />
          </DataTable.Col>
          <DataTable.Col source="userSpotCount" label="resources.user.fields.userSpotCount">
            <NumberField source="userSpotCount" />
          </DataTable.Col>
          <DataTable.Col source="itineraryCount" label="resources.user.fields.itineraryCount">
            <NumberField source="itineraryCount" />
          </DataTable.Col>
          <DataTable.Col source="sequence" label="resources.user.fields.sequence">
            <SequenceEditor />
          </DataTable.Col>
          <DataTable.Col source="created_at" label="resources.user.fields.created_at">
            <DateCell source="created_at" />
          </DataTable.Col>
          <DataTable.Col source="status" label="resources.user.fields.status">
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col label="app.actions.action" disableSort>
            <RowActions
              viewPath={(id) => `/user/${id}`}
              editPath={(id) => `/edituser/${id}`}
              deleteConfirmKey="app.confirm.delete_user"
              deletedKey="messages.userDeleted"
            />
          </DataTable.Col>
        </DataTable>
    </ResourceList>
  );
}
