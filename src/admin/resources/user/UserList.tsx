import { ColumnsButton, DataTable, NumberField, SelectInput } from 'react-admin';
import { USER_STATUSES } from '@shared/access';
import { initiallyHidden } from '@shared/listColumns';
import { AccountActionsColumn, AvatarColumn, PhoneColumn } from '../../components/AccountColumns';
import { ClippedText, CreatedAndStatusColumns, ResourceList, ResourceTable } from '../../components/lists';
import { SequenceEditor } from '../../components/SequenceEditor';
import { UserBulkActions } from './UserBulkActions';
import { UserCreateButton } from './UserCreate';

/** The status filter (the dashboard's status chips open the list with it set); the server filters by it. */
const STATUS_FILTER = [
  <SelectInput
    key="status"
    source="status"
    label="resources.user.fields.status"
    choices={USER_STATUSES.filter((s) => s !== 'Request Pending').map((s) => ({ id: s, name: `app.status.${s}` }))}
    alwaysOn
    sx={{ minWidth: 140 }}
  />,
];

/** /user: the users list (spec §2 "/user"). */
export function UserList() {
  return (
    <ResourceList
      searchKey="resources.user.search"
      filters={STATUS_FILTER}
      actions={
        <>
          <ColumnsButton />
          <UserCreateButton />
        </>
      }
    >
        <ResourceTable
          bulkActionButtons={<UserBulkActions />}
          // the list fits a 1280 px screen: long texts clip with a tooltip, Location and Spots start hidden and the
          // column chooser (Columns) brings it back; anything wider still scrolls inside its frame
          hiddenColumns={initiallyHidden('user')}
          sx={{
            '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { px: 0.5 },
            // two-word headers ('Registered On') may take two lines rather than widen their column
            '& .RaDataTable-headerCell': { whiteSpace: 'normal', lineHeight: 1.25 },
            // at a large font size or beside the shortcuts panel, the clipped texts give up their width
            // first (a cell with no minimum width: their ellipsis starts sooner) so every column stays in view
            '& .RaDataTable-table': { width: '100%' },
            // an unsorted header keeps no room for its sort arrow (about 26 px a column)
            '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
            // (a table on a screen; a phone's cards keep their values whole)
            '@media (min-width: 600px)': { '& td.column-name, & td.column-email, & td.column-location, & td.column-phone': { maxWidth: 0, minWidth: 64, width: '12%' } },
          }}
          scrolls
        >
          <AvatarColumn />
          <DataTable.Col source="name" label="resources.user.fields.name">
            <ClippedText source="name" width={120} />
          </DataTable.Col>
          <DataTable.Col source="email" label="resources.user.fields.email">
            <ClippedText source="email" width={150} />
          </DataTable.Col>
          <DataTable.Col source="location" label="resources.user.fields.location">
            <ClippedText source="location" width={150} />
          </DataTable.Col>
          <PhoneColumn />
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
          <CreatedAndStatusColumns fields="resources.user.fields" />
          <AccountActionsColumn resource="user" />
        </ResourceTable>
    </ResourceList>
  );
}
