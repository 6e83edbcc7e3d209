import { DataTable } from 'react-admin';
import { AddFab } from '../../components/FormDialog';
import { DateCell, ResourceTable, ResourceList } from '../../components/lists';
import { PostColumns } from '../../components/PostColumns';
import { RowActions } from '../../components/RowActions';
import { SequenceEditor } from '../../components/SequenceEditor';
import { PostEditOfRecord, PostFormDialog } from './PostFormDialog';

const fields = 'resources.post.fields';

/** /post (spec §2): header 'Posts', the posts with their first spot's image, inline sequence. */
export function PostList() {
  return (
    <ResourceList
      searchKey="resources.post.search"
      actions={<AddFab titleKey="app.post.add" dialog={(state) => <PostFormDialog {...state} />} />}
    >
      <ResourceTable scrolls>
        <PostColumns fields={fields} />
        <DataTable.Col source="created_at" label={`${fields}.created_at`}>
          <DateCell source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="sequence" label={`${fields}.sequence`}>
          <SequenceEditor />
        </DataTable.Col>
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            viewPath={(id) => `/post/${id}`}
            editDialog={(state) => <PostEditOfRecord {...state} />}
            deleteConfirmKey="app.confirm.delete_post"
            undo="server"
            deletedKey="messages.postDeleted"
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}
