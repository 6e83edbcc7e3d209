import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StatusInput } from '../../components/StatusInput';
import { PlaceInput } from '../../components/PlaceInput';

/** The Add Spot / Edit Spot fields: the name comes from place autocomplete (spec §5 "Spot"), then a status. */
export function SpotFields() {
  const translate = useTranslate();
  const [city, state, country, postCode, lat, lng] = useWatch({ name: ['city', 'state', 'country', 'post_code', 'latitude', 'longitude'] });
  const where = [city, state, country, postCode].filter(Boolean).join(', ');
  return (
    <>
      <PlaceInput source="name" nameSource="name" label="resources.spot.fields.name" autoFocus />
      {lat !== undefined && lat !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="spot-place">
          {where || translate('app.spot.no_address')} <span dir="ltr">({Number(lat).toFixed(5)}, {Number(lng).toFixed(5)})</span>
        </Typography>
      )}
      <StatusInput source="status" label="resources.spot.fields.status" />
    </>
  );
}
