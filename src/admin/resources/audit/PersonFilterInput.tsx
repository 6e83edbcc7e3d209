import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import type { AuditPerson, BackOfficeDataProvider } from '../../providers/dataProvider';
import { useTypeahead } from '../../components/useTypeahead';

/**
 * The audit log's Person filter: staff (Admins and Sub-Admins) found by name or email as they are typed;
 * the chosen one's id is the filter. A filter set from the address (a reload) shows its person's name.
 */
export function PersonFilterInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { field } = useInput({ source });
  const [typed, setTyped] = useState('');
  const load = useCallback((text: string, signal: AbortSignal) => dataProvider.auditPeople({ filter: text }, signal), [dataProvider]);
  const { options, loading } = useTypeahead(typed, load);
  const [picked, setPicked] = useState<AuditPerson | null>(null);
  const id = field.value === '' || field.value === undefined || field.value === null ? undefined : Number(field.value);
  // the filter's person when the list opened with one (not picked here)
  const { data: known } = useQuery({
    queryKey: ['auditPerson', id],
    queryFn: ({ signal }) => dataProvider.auditPeople({ id }, signal),
    enabled: id !== undefined && picked?.id !== id,
  });
  const value = id === undefined ? null : picked?.id === id ? picked : (known?.[0] ?? null);
  return (
    <Autocomplete<AuditPerson>
      options={options}
      value={value}
      loading={loading}
      filterOptions={(found) => found}
      getOptionLabel={(person) => person.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_event, person) => {
        setPicked(person);
        field.onChange(person ? person.id : '');
      }}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{person.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {person.email}
              {person.deleted ? ` · ${translate('app.audit.account_deleted')}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={translate(label)} placeholder={translate('app.audit.person_hint')} size="small" />}
      sx={{ width: 240 }}
      noOptionsText={translate('app.no_records')}
      loadingText={translate('app.loading')}
    />
  );
}
