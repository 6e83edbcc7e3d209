import { Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StatusInput } from '../../components/StatusInput';
import { PlaceInput } from '../../components/PlaceInput';

/**
 * The Add Spot / Edit Spot fields: the name comes from place autocomplete (spec §5 "Spot"), then a
 * status. A place the suggestions do not know can be given by its coordinates, typed (issue 32 M12).
 */
export function SpotFields() {
  const translate = useTranslate();
  const [city, state, country, postCode, lat, lng] = useWatch({ name: ['city', 'state', 'country', 'post_code', 'latitude', 'longitude'] });
  const where = [city, state, country, postCode].filter(Boolean).join(', ');
  return (
    <>
      <PlaceInput source="name" nameSource="name" label="resources.spot.fields.name" autoFocus />
      {typeof lat === 'number' && typeof lng === 'number' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="spot-place">
          {where || translate('app.spot.no_address')} <span dir="ltr">({lat.toFixed(5)}, {lng.toFixed(5)})</span>
        </Typography>
      )}
      <Typography variant="subtitle2" component="p">
        {translate('app.spot_place.coordinates')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('app.spot_place.coordinates_hint')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <CoordinateInput source="latitude" label="app.spot_place.latitude" />
        <CoordinateInput source="longitude" label="app.spot_place.longitude" />
      </Stack>
      <StatusInput source="status" label="resources.spot.fields.status" />
    </>
  );
}

/** Typed degrees as a number (a decimal comma too), or undefined for an empty or unreadable text. */
function degrees(text: string): number | undefined {
  const typed = text.trim().replace(',', '.');
  const n = Number(typed);
  return typed === '' || Number.isNaN(n) ? undefined : n;
}

/**
 * A coordinate typed in degrees: the form holds a number, or nothing while the text is empty or not a
 * number yet (never 0 for an empty field). "No place chosen" is said under the name, not here.
 */
function CoordinateInput({ source, label }: { source: 'latitude' | 'longitude'; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const value = typeof field.value === 'number' ? field.value : undefined;
  const [text, setText] = useState<string | null>(null);
  // what the person types stays as typed; a chosen place's coordinate shows as the form holds it
  const shown = text !== null && degrees(text) === value ? text : (value?.toString() ?? '');
  const error = fieldState.error?.message;
  const said = error && error !== 'validation.placeRequired' ? translate(error) : undefined;
  return (
    <TextField
      label={translate(label)}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(degrees(e.target.value));
      }}
      onBlur={field.onBlur}
      error={!!said}
      helperText={said ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', name: source } }}
      sx={{ flex: 1 }}
    />
  );
}
