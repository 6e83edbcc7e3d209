// A record to add to or remove from each row's links (a post's category or tag): searched by name in its
// list, Active ones only (as the post form offers them).
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';

export function LinkPicker({ reference, label, value, onChange }: { reference: string; label: string; value: string; onChange: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const { data = [] } = useGetList<{ id: number; name: string }>(reference, { filter: { q: typed, status: 'Active' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' } });
  const chosen = data.find((r) => String(r.id) === value) ?? null;
  return (
    <Autocomplete
      options={data}
      value={chosen}
      getOptionLabel={(r) => r.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_e, r) => onChange(r ? String(r.id) : '')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
