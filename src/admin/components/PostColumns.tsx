import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
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
        <HiddenMark />
      </Col>
      <Col source="description" label={`${fields}.description`} sx={{ maxWidth: 320 }}>
        <DecodedText source="description" lines={2} />
      </Col>
      <Col source="user" label={`${fields}.user`} />
    </>
  );
}

/** A post hidden by moderation (listed by a search for 'Inactive'): marked Inactive beside its title. */
function HiddenMark() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.deleted_at) return null;
  return <Chip size="small" color="error" variant="outlined" label={translate('app.status.Inactive')} sx={{ marginInlineStart: 1 }} />;
}
