import { Box, Typography } from '@mui/material';
import { AddItemButton, ArrayInput, checkHasDirtyFields, RemoveItemButton, SimpleFormIterator, useSourceContext, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { POST_IMAGE_EXTENSIONS, isAcceptedPostImage } from '@shared/validation/post';
import { ImageFileInput } from '../../components/PictureInput';
import { PlaceInput } from '../../components/PlaceInput';
import { rowComplete, type SpotRowValues } from './postForm';

/**
 * The post's spots, one row each: an address through autocomplete and an image. Another row can be
 * added only when every row has both (spec §5: as many addresses as images). An itinerary's stops can
 * be moved up and down (`reorderable`): the server keeps them in the form's order within each day.
 */
export function PostSpotRows({ reorderable = false }: { reorderable?: boolean }) {
  const translate = useTranslate();
  const rows = (useWatch({ name: 'spots' }) as Partial<SpotRowValues>[] | undefined) ?? [];
  const { errors, touchedFields, isSubmitted } = useFormState({ name: 'spots' });
  const listError = errors.spots as { message?: string; root?: { message?: string } } | undefined;
  // the save is blocked while a row lacks its address or its image (spec §5); said once a row was
  // left, half filled in, or a save was attempted (not on a row just added); checkHasDirtyFields reads
  // any nested `true`, here of the touched fields
  const rowsWorkedOn = isSubmitted || checkHasDirtyFields({ spots: touchedFields.spots }) || rows.some(halfFilled);
  const message =
    listError?.message ?? listError?.root?.message ?? (rowsWorkedOn && !rows.every(rowComplete) ? 'validation.addressOrImagesEmpty' : undefined);
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('app.post.spots')}
      </Typography>
      <ArrayInput source="spots" label={false}>
        <SimpleFormIterator
          disableReordering={!reorderable}
          disableClear
          getItemLabel={(i) => `${i + 1}.`}
          addButton={<AddItemButton label="app.post.add_spot" disabled={!rows.every(rowComplete)} />}
          removeButton={<RemoveItemButton label="app.post.remove_spot" />}
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <PlaceInput source="address" nameSource="name" label="app.post.address" linkSpots />
          <RowImageInput />
        </SimpleFormIterator>
      </ArrayInput>
      {message && (
        <Typography color="error" variant="body2" role="alert">
          {translate(message)}
        </Typography>
      )}
    </Box>
  );
}

/** A row with its place or its image chosen, but not both. */
const halfFilled = (row: Partial<SpotRowValues> | undefined) =>
  !!row && (row.spotId != null || typeof row.latitude === 'number' || !!row.image || !!row.file?.rawFile) && !rowComplete(row);

/** A stop's image: of the post's accepted types, shown rounded. */
const STOP_IMAGE = { extensions: POST_IMAGE_EXTENSIONS, isAccepted: isAcceptedPostImage, shape: 'rounded' } as const;

/** The row's image: the stored one, or a chosen file of an accepted type (spec §5 Post). */
function RowImageInput() {
  const { getSource } = useSourceContext();
  const stored = useWatch({ name: getSource('image') }) as string | undefined;
  return (
<ImageFileInput source="file" label="app.post.add_image" changeLabel="app.post.change_image" currentUrl={stored} {...STOP_IMAGE} />
  );
}
