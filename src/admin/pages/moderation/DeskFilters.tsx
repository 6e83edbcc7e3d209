// The desk's filters, react-admin's way: a FilterList sidebar beside the list on a wide screen, the same
// choices as inputs behind the filter button on a phone.
import { Card, CardContent } from '@mui/material';
import type { ReactElement } from 'react';
import { FilterList, FilterListItem, SelectInput, useGetList, useTranslate } from 'react-admin';

/** Each filter's values (query parameters of the desk's list call) and their catalogue keys. */
const CHOICES = {
  status: ['open', 'appealed', 'decided', 'closed'],
  kind: ['post', 'comment', 'user'],
  holder: ['me', 'none'],
  age: ['1d', '7d', '30d', 'older'],
} as const;
type FixedFilter = keyof typeof CHOICES;

const labelKey = (filter: FixedFilter, value: string) =>
  filter === 'status' ? `app.moderation.statuses.${value}` : filter === 'kind' ? `app.moderation.kinds.${value}` : `app.moderation.filters.${filter}_${value}`;

/** The report categories, for the reason filter. */
function useReasons() {
  const { data = [] } = useGetList('reportCategories', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return data.map((c) => ({ id: String(c.id), name: String(c.name) }));
}

export function DeskFilterSidebar() {
  const translate = useTranslate();
  const reasons = useReasons();
  return (
    <Card component="aside" aria-label={translate('app.moderation.filters.title')} sx={{ order: -1, me: 2, mt: 8, width: 190, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        {(Object.keys(CHOICES) as FixedFilter[]).map((filter) => (
          <FilterList key={filter} label={`app.moderation.filters.${filter}`} icon={null}>
            {CHOICES[filter].map((value) => (
              <FilterListItem key={value} label={labelKey(filter, value)} value={{ [filter]: value }} />
            ))}
          </FilterList>
        ))}
        {reasons.length > 0 && (
          <FilterList label="app.moderation.filters.reason" icon={null}>
            {reasons.map((reason) => (
              // a category's name is the staff's own text, not a catalogue key
              <FilterListItem key={reason.id} label={<span dir="auto">{reason.name}</span>} value={{ reason: reason.id }} />
            ))}
          </FilterList>
        )}
      </CardContent>
    </Card>
  );
}

/** The phone's filter inputs (behind react-admin's filter button). */
export function useDeskFilterInputs(): ReactElement[] {
  const reasons = useReasons();
  const fixed = (Object.keys(CHOICES) as FixedFilter[]).map((filter) => (
    <SelectInput key={filter} source={filter} label={`app.moderation.filters.${filter}`} choices={CHOICES[filter].map((value) => ({ id: value, name: labelKey(filter, value) }))} />
  ));
  return [...fixed, <SelectInput key="reason" source="reason" label="app.moderation.filters.reason" choices={reasons} translateChoice={false} />];
}
