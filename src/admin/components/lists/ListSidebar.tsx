// A list's filters, react-admin's way, made from its declaration (src/shared/resources/filters.ts): beside
// the list on a desktop a FilterList sidebar (the saved views at its top), on a phone the same filters as
// inputs behind the filter button (`useFilterInputs`). Fixed values are FilterListItems; a category, tag,
// author, reason or country is picked by a search, a chosen date range typed in the language's pattern.
import CancelIcon from '@mui/icons-material/CancelOutlined';
import { Box, Card, CardContent, IconButton, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteInput,
  FilterList,
  FilterListSection,
  FilterLiveForm,
  ReferenceInput,
  SelectInput,
  useListFilterContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { type ListFilterDeclaration, paramsOf } from '@shared/resources/index';
import { LanguageDateInput } from '../LanguageDateInput';
import { SearchablePicker } from '../SearchablePickers';
import { countryChoices, fixedChoices } from './filterChoices';

type Filters = Record<string, unknown>;

/**
 * One value of a filter: react-admin's FilterListItem (a click sets it, a second click or the cross drops
 * it), its cross named for a screen reader (react-admin's has no name: axe's button-name).
 */
function FilterItem({
  label,
  value,
  isSelected = (v, filters) => Object.entries(v).every(([k, x]) => filters[k] === x),
  toggleFilter,
}: {
  label: ReactNode;
  value: Filters;
  isSelected?: (value: Filters, filters: Filters) => boolean;
  toggleFilter?: (value: Filters, filters: Filters) => Filters;
}) {
  const { filterValues, setFilters } = useListFilterContext();
  const translate = useTranslate();
  const selected = isSelected(value, filterValues);
  const toggle = () => {
    if (toggleFilter) return setFilters(toggleFilter(value, filterValues));
    const rest = Object.fromEntries(Object.entries(filterValues).filter(([k]) => !(k in value)));
    setFilters(selected ? rest : { ...filterValues, ...value });
  };
  return (
    <ListItem
      disablePadding
      disableGutters
      secondaryAction={
        selected ? (
          <IconButton size="small" aria-label={translate('ra.action.remove_filter')} onClick={toggle}>
            <CancelIcon fontSize="small" />
          </IconButton>
        ) : null
      }
    >
      <ListItemButton onClick={toggle} selected={selected} aria-pressed={selected} sx={{ ps: 2 }}>
        <ListItemText primary={label} data-selected={selected ? 'true' : 'false'} />
      </ListItemButton>
    </ListItem>
  );
}

/** A reference filter's records, by name (the picker searches them as typed). */
const BY_NAME = { field: 'name', order: 'ASC' } as const;
const PICKED = 20;

/** The input that picks a filter's record or country (in the sidebar's live form, or behind the phone's filter button). */
function pickerInput(filter: ListFilterDeclaration, locale: string, fullWidth: boolean): ReactElement {
  if (filter.kind === 'reference') {
    return (
      <ReferenceInput key={filter.name} source={filter.name} label={filter.label} reference={filter.reference!} sort={BY_NAME} perPage={PICKED}>
        <SearchablePicker label={filter.label} fullWidth={fullWidth} />
      </ReferenceInput>
    );
  }
  return <AutocompleteInput key={filter.name} source={filter.name} label={filter.label} choices={countryChoices(locale)} translateChoice={false} fullWidth={fullWidth} />;
}

/**
 * The creation date's ranges: choosing one drops a typed range, a typed range unmarks them (the server
 * reads a typed range first).
 */
function CreatedFilter({ filter }: { filter: ListFilterDeclaration }) {
  const [, from, to] = paramsOf(filter);
  const typed = (filters: Filters) => filters[from] !== undefined || filters[to] !== undefined;
  const isSelected = (value: Filters, filters: Filters) => !typed(filters) && filters[filter.name] === value[filter.name];
  const toggleFilter = (value: Filters, filters: Filters) => {
    const { [filter.name]: _range, [from]: _from, [to]: _to, ...rest } = filters;
    return isSelected(value, filters) ? rest : { ...rest, ...value };
  };
  return (
    <>
      <FilterList label={filter.label} icon={null}>
        {fixedChoices(filter).map((choice) => (
          <FilterItem key={choice.id} label={<ChoiceLabel choice={choice} />} value={{ [filter.name]: choice.id }} isSelected={isSelected} toggleFilter={toggleFilter} />
        ))}
      </FilterList>
      <FilterListSection label="app.filters.chosen_range" icon={null}>
        <FilterLiveForm>
          <LanguageDateInput source={from} label="app.filters.created_from" />
          <LanguageDateInput source={to} label="app.filters.created_to" />
        </FilterLiveForm>
      </FilterListSection>
    </>
  );
}

/** One declared filter in the sidebar. */
function SidebarFilter({ filter }: { filter: ListFilterDeclaration }) {
  const [locale] = useLocaleState();
  if (filter.kind === 'created') return <CreatedFilter filter={filter} />;
  if (filter.kind === 'reference' || filter.kind === 'country') {
    // the picker's own label names it (a section title above it would say it twice)
    return (
      <Box sx={{ mt: 2 }}>
        <FilterLiveForm>{pickerInput(filter, locale, true)}</FilterLiveForm>
      </Box>
    );
  }
  return (
    <FilterList label={filter.label} icon={null}>
      {fixedChoices(filter).map((choice) => (
        // a value's label falls back on the value itself (a declared choice without a catalogue key)
        <FilterItem key={choice.id} label={<ChoiceLabel choice={choice} />} value={{ [filter.name]: choice.id }} />
      ))}
    </FilterList>
  );
}

function ChoiceLabel({ choice }: { choice: { id: string; name: string } }) {
  const translate = useTranslate();
  return <span dir="auto">{translate(choice.name, { _: choice.id })}</span>;
}

/** The sidebar beside a list on a desktop: `views` (the saved views) at its top, then the declared filters. */
export function ListSidebar({ filters, views }: { filters: readonly ListFilterDeclaration[]; views?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card
      component="aside"
      aria-label={translate('app.filters.title')}
      sx={{ order: -1, me: 2, mt: 8, width: 220, flexShrink: 0, alignSelf: 'flex-start', '& .MuiFormHelperText-root:empty': { display: 'none' } }}
    >
      <CardContent sx={{ '& .MuiAutocomplete-root, & .MuiTextField-root': { width: '100%' } }}>
        {views}
        {filters.map((filter) => (
          <SidebarFilter key={filter.name} filter={filter} />
        ))}
      </CardContent>
    </Card>
  );
}

/** The same filters as inputs (a phone's, behind react-admin's filter button). */
export function useFilterInputs(filters: readonly ListFilterDeclaration[]): ReactElement[] {
  const [locale] = useLocaleState();
  return filters.flatMap((filter): ReactElement[] => {
    if (filter.kind === 'reference' || filter.kind === 'country') return [pickerInput(filter, locale, false)];
    const select = <SelectInput key={filter.name} source={filter.name} label={filter.label} choices={fixedChoices(filter)} />;
    if (filter.kind !== 'created') return [select];
    const [, from, to] = paramsOf(filter);
    return [select, <LanguageDateInput key={from} source={from} label="app.filters.created_from" />, <LanguageDateInput key={to} source={to} label="app.filters.created_to" />];
  });
}
