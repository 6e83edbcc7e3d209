import { DataTable } from 'react-admin';
import { DecodedText } from './lists';
import { PostImageCell } from './PostImageCell';

/** The first columns of the post and itinerary lists: image (opens the slider), title, description, user. */
export function PostColumns({ fields }: { fields: string }) {
  return (
    <>
      <DataTable.Col source="image" label={`${fields}.image`} disableSort>
        <PostImageCell />
      </DataTable.Col>
      <DataTable.Col source="title" label={`${fields}.title`}>
        <DecodedText source="title" />
      </DataTable.Col>
      <DataTable.Col source="description" label={`${fields}.description`} sx={{ maxWidth: 320 }}>
        <DecodedText source="description" lines={2} />
      </DataTable.Col>
      <DataTable.Col source="user" label={`${fields}.user`} />
    </>
  );
}
