import LandscapeIcon from '@mui/icons-material/Landscape';
import { Avatar, ButtonBase } from '@mui/material';
import { useState } from 'react';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { spotSchema } from '@shared/validation/spot';
import { AddButtonWithDialog, EditDialog } from '../../components/FormDialog';
import { ImageSlider } from '../../components/ImageSlider';
import { InactiveAwareLink } from '../../components/InactiveAwareLink';
import { CreatedAndStatusColumns, ResourceTable, ResourceList } from '../../components/lists';
import { RowActions } from '../../components/RowActions';
import { SpotFields } from './SpotFields';

const fields = 'resources.spot.fields';

/** /spot (spec §2): the spots, with the post or itinerary each belongs to. */
export function SpotList() {
  return (
    <ResourceList
      searchKey="resources.spot.search"
     
      actions={
        <AddButtonWithDialog resource="spot" titleKey="app.spot.add" successKey="messages.spotAdded" schema={spotSchema} defaultValues={{ status: 'Active' }}>
          <SpotFields />
        </AddButtonWithDialog>
      }
    >
      <ResourceTable scrolls>
        <DataTable.Col source="thumbnail_url" label={`${fields}.image`} disableSort>
          <SpotImageCell />
        </DataTable.Col>
        <DataTable.Col source="name" label={`${fields}.name`} />
        <DataTable.Col source="created_by" label={`${fields}.created_by`} />
        <DataTable.Col source="country" label={`${fields}.country`} />
        <DataTable.Col source="post_id" label={`${fields}.associated`} disableSort>
          <AssociatedCell />
        </DataTable.Col>
        <CreatedAndStatusColumns fields={fields} />
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            editDialog={(state) => (
              <EditDialog
                {...state}
                titleKey="app.spot.edit"
                successKey="messages.spotUpdated"
                schema={spotSchema}
                history={{ entity: 'spot', resource: 'spot' }}
                initialValues={({ name, status, address, latitude, longitude, city, state: region, country, post_code }) => ({
                  name, status, address, latitude, longitude, city, state: region, country, post_code,
                })}
              >
                <SpotFields />
              </EditDialog>
            )}
            deleteConfirmKey="app.confirm.delete_spot"
            deletedKey="messages.spotDeleted"
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

/**
 * The spot's picture; a click opens it large (spec §2), in the post slider's frame: a close button and
 * the spot's name. A spot without a picture shows a landscape, not a person (issue 32 m30, p2).
 */
function SpotImageCell() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record?.thumbnail_url) {
    return (
      <Avatar variant="rounded" alt="" sx={{ width: 48, height: 48 }} data-testid="spot-no-image">
        <LandscapeIcon />
      </Avatar>
    );
  }
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={translate('app.spot.preview', { name: record.name })} sx={{ borderRadius: 1 }}>
        <Avatar variant="rounded" src={record.thumbnail_url} alt="" sx={{ width: 48, height: 48 }} />
      </ButtonBase>
      <ImageSlider images={[{ src: record.image ?? record.thumbnail_url, caption: record.name }]} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * "Associated With": a link to the post or itinerary (new tab) for an Active spot; for an Inactive one
 * a click shows 'This Spot is Inactive.' for 3 seconds (spec §2).
 */
function AssociatedCell() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.post_id) return <span>----</span>;
  const itinerary = record.post_type === 'itinerary';
  return (
    <InactiveAwareLink
      href={`/${itinerary ? 'itinerary' : 'post'}/${record.post_id}`}
      active={record.status === 'Active'}
      label={translate(itinerary ? 'app.spot.itinerary_link' : 'app.spot.post_link', { id: record.post_id })}
      inactiveKey="messages.spotInactive"
    />
  );
}
