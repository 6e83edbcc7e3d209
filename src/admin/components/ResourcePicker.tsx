import { Autocomplete, Chip, TextField } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type RaRecord, useDataProvider, useInput, useTranslate } from 'react-admin';
import { useTypeahead } from './useTypeahead';

export interface PickerOption {
  id: number;
  name: string;
}

/**
 * Picks one or several records of another resource by typing part of their name (users, categories,
 * tags for the post form). The form keeps ids; `known` gives the labels of the ids already chosen.
 */
export function ResourcePicker({
  source,
  resource,
  label,
  multiple = false,
  known = [],
  sortField = 'name',
}: {
  source: string;
  resource: string;
  label: string;
  multiple?: boolean;
  known?: PickerOption[];
  sortField?: string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { field, fieldState } = useInput({ source });
  const [query, setQuery] = useState('');
  const [labels, setLabels] = useState<Map<number, string>>(() => new Map(known.map((o) => [o.id, o.name])));
  const load = useCallback(
    async (q: string, signal: AbortSignal): Promise<PickerOption[]> => {
      const { data } = await dataProvider.getList<RaRecord>(resource, {
        pagination: { page: 1, perPage: 20 },
        sort: { field: sortField, order: 'ASC' },
        filter: q ? { q } : {},
        signal,
      });
      return data.map((r) => ({ id: Number(r.id), name: String(r.name) }));
    },
    [dataProvider, resource, sortField],
  );
  const { options, loading } = useTypeahead(query, load);
  // remember the names of what was offered, for the chosen ids' labels
  useEffect(() => setLabels((m) => new Map([...m, ...options.map((o) => [o.id, o.name] as const)])), [options]);

  const value = field.value as number[] | number | null | undefined;
  const chosen = useMemo(() => {
    const ids = Array.isArray(value) ? value : value ? [Number(value)] : [];
    return ids.map((id) => ({ id, name: labels.get(id) ?? `#${id}` }));
  }, [value, labels]);
  const error = fieldState.error?.message;
  const common = {
    options,
    loading,
    loadingText: translate('app.loading'),
    noOptionsText: translate('app.no_records'),
    filterOptions: (o: PickerOption[]) => o,
    getOptionLabel: (o: PickerOption) => o.name,
    isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.id === b.id,
    onInputChange: (_e: unknown, value: string, reason: string) => {
      if (reason === 'input') setQuery(value);
    },
    onBlur: field.onBlur,
    fullWidth: true,
    renderInput: (params: object) => (
      <TextField {...params} label={translate(label)} error={!!error} helperText={error ? translate(error) : ' '} />
    ),
  };
  return multiple ? (
    <Autocomplete
      {...common}
      multiple
      value={chosen}
      onChange={(_e, value) => field.onChange(value.map((o) => o.id))}
      renderValue={(value, getItemProps) =>
        value.map((o, index) => <Chip {...getItemProps({ index })} key={o.id} label={o.name} size="small" />)
      }
      slotProps={{ listbox: { sx: { maxHeight: 224 } } }}
    />
  ) : (
    <Autocomplete {...common} value={chosen[0] ?? null} onChange={(_e, value) => field.onChange(value?.id ?? null)} />
  );
}
