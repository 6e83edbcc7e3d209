import { Avatar, ButtonBase } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { PostDetail } from '../resources/post/types';
import { ImageSlider } from './ImageSlider';

/**
 * The first stop's picture of a post or itinerary; a click opens the slider of all its spots' images
 * (spec §2), loaded from the post's detail at that moment.
 */
export function PostImageCell() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? 'post';
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data } = useGetOne<PostDetail>(resource, { id: Number(record?.id ?? 0) }, { enabled: open && !!record });
  if (!record) return null;
  const images = (data?.postSpot ?? [])
    .filter((s) => s.spot.image)
    .map((s) => ({ src: s.spot.image!, caption: s.spot.name }));
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        disabled={!record.image}
        aria-label={translate('app.slider.open', { title: record.title })}
        sx={{ borderRadius: 1 }}
      >
        <Avatar variant="rounded" src={record.image ?? undefined} alt="" sx={{ width: 48, height: 48 }} />
      </ButtonBase>
      <ImageSlider images={images} open={open && images.length > 0} onClose={() => setOpen(false)} />
    </>
  );
}
