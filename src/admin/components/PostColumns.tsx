import { Col } from './phoneCards';
import { DecodedText } from './lists';
import { PostImageCell } from './PostImageCell';

/** The first columns of the post and itinerary lists: image (opens the slider), title, description, user. */
export function PostColumns({ fields }: { fields: string }) {
  return (
    <>
      <Col source="image" label={`${fields}.image`} disableSort>
        <PostImageCell />
      </Col>
      <Col source="title" label={`${fields}.title`}>
        <DecodedText source="title" />
      </Col>
      <Col source="description" label={`${fields}.description`} sx={{ maxWidth: 320 }}>
        <DecodedText source="description" lines={2} />
      </Col>
      <Col source="user" label={`${fields}.user`} />
    </>
  );
}
