import { Autocomplete, TextField } from '@mui/material';
import { useCallback, useState } from 'react';
import { useDataProvider, useInput, useSourceContext, useTranslate } from 'react-admin';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { PlaceSuggestion } from '@shared/contract';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useTypeahead } from './useTypeahead';

const NO_PLACES = '';
const noPlaces = (description: string): PlaceSuggestion => ({ id: NO_PLACES, description });

/** Place fields of a form (spec §3: choosing a place fills them). */
export const PLACE_FIELDS = ['address', 'latitude', 'longitude', 'city', 'state', 'country', 'post_code'] as const;

/**
 * Address autocomplete (our server's /api/geo: the offline gazetteer, or Google with a key). Typing
 * shows suggestions; choosing one fills `source` and the place fields beside it (in a form iterator,
 * those of its row), and `nameSource` with the place's name when given. With `linkSpots`, choosing one
 * of the product's own spots makes the row that spot (`spotId`, its `image`), so saving links it
 * instead of adding a copy; any other choice or typing makes the row a new place again.
 */
export function PlaceInput({
  source,
  label,
  nameSource,
  autoFocus,
  linkSpots,
}: {
  source: string;
  label: string;
  nameSource?: string;
  autoFocus?: boolean;
  linkSpots?: boolean;
}) {
  const translate = useTranslate();
  const { setValue, trigger } = useFormContext();
  const { errors } = useFormState();
  const { getSource } = useSourceContext();
  const { field, fieldState } = useInput({ source });
  const [input, setInput] = useState<string>((field.value as string) ?? '');
  /** what the person typed last (suggestions follow it; choosing one clears it) */
  const [query, setQuery] = useState('');
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  // address suggestions from our server (/api/geo)
  const loadSuggestions = useCallback((typed: string, signal: AbortSignal) => dataProvider.placeSuggestions(typed, signal), [dataProvider]);
  const { options, loading, noneFound } = useTypeahead(query, loadSuggestions, 2);

  const choose = async (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return;
    const place = await dataProvider.place(suggestion.id);
    // every field first, then their messages: validated one by one, the first (the address) would
    // still be checked against the place before it was set, and keep its error
    const opts = { shouldDirty: true };
    for (const key of PLACE_FIELDS) setValue(getSource(key), key === 'address' ? suggestion.description : place[key], opts);
    if (nameSource) setValue(getSource(nameSource), place.name, opts);
    if (linkSpots) {
      setValue(getSource('spotId'), place.spotId ?? null, opts);
      // our spot comes with its picture; a new place keeps a picture already chosen for the row
      if (place.spotId !== undefined) setValue(getSource('image'), place.image ?? null, opts);
    }
    field.onChange(nameSource === source ? place.name : suggestion.description);
    setInput(nameSource === source ? place.name : suggestion.description);
    setQuery('');
    void trigger([getSource(source), getSource('latitude'), getSource('longitude')]);
  };

  const type = (text: string) => {
    setInput(text);
    setQuery(text);
    field.onChange(text);
    // a typed address is not a place until one is chosen; a typed name may rename the chosen place
    if (nameSource !== source) setValue(getSource('latitude'), undefined, { shouldValidate: true });
    if (linkSpots) setValue(getSource('spotId'), null, { shouldValidate: true });
  };

  // the field names a place: one not chosen (no coordinates) is said here, where the person looks
  const placeError = (get(errors, getSource('latitude')) as { message?: string } | undefined)?.message;
  const error = fieldState.error?.message ?? (nameSource === source && placeError === 'validation.placeRequired' ? placeError : undefined);
  return (
    <Autocomplete
      freeSolo
      // a free-text field shows no popup for no options: the search says it found nothing as a disabled entry
      options={noneFound ? [noPlaces(translate('app.spot_place.no_places'))] : options}
      getOptionDisabled={(o) => typeof o !== 'string' && o.id === NO_PLACES}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.description)}
      loading={loading}
      loadingText={translate('app.loading')}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason === 'input') type(value);
      }}
      onChange={(_e, value) => void choose(typeof value === 'string' ? null : value)}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(label)}
          autoFocus={autoFocus}
          error={!!error}
          helperText={error ? translate(error) : ' '}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
