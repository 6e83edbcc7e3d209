import { DataTable } from 'react-admin';
import { DateCell, NoRecords, ResourceList, StatusChip } from '../../components/lists';

/** /category: the categories list (spec §2 "/category"). */
export function CategoryList() {
  return (
    <ResourceList searchKey="resources.category.search" sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={false} empty={<NoRecords />} rowClick={false}>
        <DataTable.Col source="name" label="resources.category.fields.name" />
        <DataTable.Col source="created_at" label="resources.category.fields.created_at">
          <DateCell source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status" label="resources.category.fields.status">
          <StatusChip />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}
