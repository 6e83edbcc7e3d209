import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { ResourceTable, ResourceList } from '../../components/lists';
import { PostColumns } from '../../components/PostColumns';
import { RowActions } from '../../components/RowActions';
import { SequenceEditor } from '../../components/SequenceEditor';
import { PostEditOfRecord } from '../post/PostFormDialog';

const fields = 'resources.itinerary.fields';

/**
 * /itinerary (spec §2, DESIGN.md §9): Planned is Yes for is_planeed '0', Public for is_public 1. The row
 * menu adds Edit to the spec's View and Delete (issue 32 m23).
 */
export function ItineraryList() {
  return (
    <ResourceList searchKey="resources.itinerary.search">
      <ResourceTable scrolls>
        <PostColumns fields={fields} />
        <DataTable.Col source="is_planeed" label={`${fields}.is_planeed`}>
          <YesNo yes={(r) => r.is_planeed === '0'} />
        </DataTable.Col>
        <DataTable.Col source="is_public" label={`${fields}.is_public`}>
          <YesNo yes={(r) => Number(r.is_public) === 1} />
        </DataTable.Col>
        <DataTable.Col source="sequence" label={`${fields}.sequence`}>
          <SequenceEditor />
        </DataTable.Col>
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            viewPath={(id) => `/itinerary/${id}`}
            editDialog={(state) => <PostEditOfRecord resource="itinerary" {...state} />}
            deleteConfirmKey="app.confirm.delete_itinerary"
            undo="server"
            deletedKey="messages.itineraryDeleted"
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

function YesNo({ yes }: { yes: (record: Record<string, unknown>) => boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(yes(record) ? 'ra.boolean.true' : 'ra.boolean.false')}</span>;
}
