// Pieces every list screen shares (spec §2 "Common list layout"): search box, paging with the spec's
// page sizes, empty state, status chip, MM/DD/yyyy dates.
import { Avatar, Box, Chip, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, Suspense } from 'react';
import { DataTable, type DataTableProps, FilterButton, List, Pagination, SearchInput, type SortPayload, TopToolbar, useListContext, useLocaleState, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { listFilters, resourceNamed } from '@shared/resources/index';
import { PAGE_SIZES } from '@shared/contract';
import { decodeNumericEntities } from '@shared/text';
import { useFormatDate } from './dates';
import { retryDelay, retryWhileUnreachable } from '../providers/reachability';
import { LiveListMark } from '../live/LiveListMark';
import { lazyNamed } from '../lazy';
import { ExportCsvButton } from './ExportCsvButton';
import { ImportCsvButton } from './import/ImportCsvButton';
import { LoadingText } from './LoadingText';
import { Col, labelledColumns, PhoneCards, phoneCardStyles, usePhone } from './phoneCards';
import { ListSidebar, useFilterInputs } from './lists/ListSidebar';
import { useSidebarRoom } from './lists/sidebarRoom';
import { PhoneSavedViews } from './views/PhoneSavedViews';
import { BulkJobs, useBulkButtons } from './bulk';

// the saved views load with the first list that shows them (the initial JavaScript's budget)
const LazySavedViews = lazyNamed(() => import('./views/SavedViews'), 'SavedViews');
const SavedViews = () => (
  <Suspense fallback={null}>
    <LazySavedViews />
  </Suspense>
);

/**
 * The list's search box; its placeholder is a catalogue key (SearchInput does not translate it), "Search"
 * when the catalogue has no such key (a declared resource that names none). On a phone the long
 * placeholder would be cut off: a short one there, the long one as the box's name and tooltip.
 */
function ListSearchInput({ placeholderKey }: { placeholderKey: string; source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  const phone = usePhone();
  const full = translate(placeholderKey, { _: translate('ra.action.search') });
  const placeholder = phone ? translate('app.phone.search') : full;
  // the whole placeholder stays readable: as wide as it needs on a screen, the full width on a phone
  return (
    <SearchInput
      source="q"
      alwaysOn
      placeholder={placeholder}
      title={full}
      slotProps={{ htmlInput: { 'aria-label': full } }}
      sx={{ minWidth: { xs: 0, sm: 360 }, width: { xs: '100%', sm: `${Math.min(60, full.length + 6)}ch` } }}
    />
  );
}

export const listSearchFilters = (placeholderKey: string) => [
  <ListSearchInput key="q" source="q" alwaysOn placeholderKey={placeholderKey} />,
];

/**
 * The pager with the spec's page sizes. A search that matched more rows than the server counts exactly
 * (meta.totalExact false) reads "1-10 of 1,000+".
 */
export function ListPagination() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  const more = (meta as { totalExact?: boolean } | undefined)?.totalExact === false;
  const label = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: `${count.toLocaleString(locale, { numberingSystem: 'latn' } as Intl.NumberFormatOptions)}+` });
  return <Pagination rowsPerPageOptions={[...PAGE_SIZES]} {...(more ? { labelDisplayedRows: label } : {})} />;
}

/** "No records found!"; never for a list whose call failed (its rows are not known to be none). */
export function NoRecords() {
  const translate = useTranslate();
  const { error } = useListContext();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" role={error ? 'alert' : undefined}>
        {translate(error ? 'app.resilience.listFailed' : 'app.no_records')}
      </Typography>
    </Box>
  );
}

export function StatusChip({ source = 'status' }: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  const color = value === 'Active' ? 'success' : value === 'Inactive' ? 'error' : 'warning';
  // the palette's warning orange is too light for small text on white (WCAG contrast): a darker shade
  const warning = color === 'warning' ? { color: '#8a4500', borderColor: '#b45f06' } : undefined;
  return <Chip size="small" color={color} variant="outlined" label={translate(`app.status.${value}`, { _: value })} sx={warning} />;
}

/**
 * A text column whose value may hold numeric character references (spec §3): shown decoded, as text;
 * `lines` clips long text to that many lines.
 */
export function DecodedText({ source, lines }: { source: string; lines?: number }) {
  const record = useRecordContext();
  const value = record?.[source];
  const text = typeof value === 'string' ? decodeNumericEntities(value) : '';
  // in the direction of its own text (M8: an English reason in the Arabic list keeps its full stop at its end)
  if (!lines) return <span dir="auto">{text}</span>;
  return (
    <Typography variant="body2" title={text} dir="auto" sx={{ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
      {text}
    </Typography>
  );
}

/**
 * A text cell that never widens its column past `width`: one line, an ellipsis, the whole value as a
 * tooltip; `decode`: numeric character references shown decoded (spec §3), as DecodedText does.
 */
export function ClippedText({ source, width, decode }: { source: string; width: number | string; decode?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source];
  const raw = value === null || value === undefined ? '' : String(value);
  const text = decode ? decodeNumericEntities(raw) : raw;
  return (
    <Typography component="span" variant="body2" title={text} dir="auto" sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}

export function DateCell({ source }: { source: string }) {
  const record = useRecordContext();
  const formatDate = useFormatDate();
  return <span>{formatDate(record?.[source] as string | undefined)}</span>;
}

export function AvatarCell({ source, alt = 'name' }: { source: string; alt?: string }) {
  const record = useRecordContext();
  return (
    <Avatar
      src={(record?.[source] as string | undefined) ?? undefined}
      alt={record?.[alt] as string}
      sx={{ width: 36, height: 36 }}
    />
  );
}

/** The lists' order until the person picks another: newest first. */
const NEWEST_FIRST: SortPayload = { field: 'id', order: 'DESC' };

/**
 * A list's declared filters (src/shared/resources/filters.ts): on a desktop the sidebar (saved `views` at its
 * top), on a phone inputs behind the filter button, leaving out those the screen already shows as inputs.
 */
function useDeclaredFilters(own: ReactElement[], views: ReactNode) {
  const name = useResourceContext();
  const phone = usePhone();
  const roomy = useSidebarRoom();
  const resource = name ? resourceNamed(name) : undefined;
  const declared = resource ? listFilters(resource) : [];
  const shown = new Set(own.map((f) => (f.props as { source?: string }).source));
  const inputs = useFilterInputs(declared.filter((f) => !shown.has(f.name)));
  // without room for a sidebar the filters sit behind the filter button, and the saved views behind a button of
  // their own: floating over a phone's list (components/views/PhoneSavedViews.tsx), else in the toolbar
  if (phone) return { aside: views ? <PhoneSavedViews>{views}</PhoneSavedViews> : undefined, inputs, toolbar: null };
  if (!roomy) return { aside: undefined, inputs, toolbar: views };
  if (!declared.length && !views) return { aside: undefined, inputs: [], toolbar: null };
  return { aside: <ListSidebar filters={declared} views={views} />, inputs: [], toolbar: null };
}

/** A resource's list screen: search box with the spec's placeholder, paging, default order, empty state. */
export function ResourceList({
  searchKey,
  sort = NEWEST_FIRST,
  actions,
  filters = [],
  queryMeta,
  aside,
  views = <SavedViews />,
  exportable = true,
  title,
  children,
}: {
  searchKey: string;
  /** newest first unless given */
  sort?: SortPayload;
  /** toolbar actions (the add button); none by default */
  actions?: ReactElement | false;
  /** the list's own filter inputs, beside the search box */
  filters?: ReactElement[];
  /** what the list's calls (its pages and its export) pass to the dataProvider beside the query (`meta`) */
  queryMeta?: Record<string, unknown>;
  /** beside the list (a FilterList sidebar): the declared filters' sidebar (ListSidebar) unless given */
  aside?: ReactElement;
  /** the saved views, at the top of the declared filters' sidebar (the person's and the shared ones unless given; false: none) */
  views?: ReactNode;
  /** false: a list with no CSV export (the moderation desk) */
  exportable?: boolean;
  /** the page's title when it is not the resource's name (a page of its own) */
  title?: string;
  children: ReactNode;
}) {
  const declared = useDeclaredFilters(filters, views);
  const allFilters = [...filters, ...declared.inputs];
  return (
    <List
      aside={aside ?? declared.aside}
      title={title}
      filters={[...listSearchFilters(searchKey), ...allFilters]}
      pagination={<ListPagination />}
      perPage={10}
      sort={sort}
      // a search, page or refresh the server did not answer is asked again until it does; the rows stay
      queryOptions={{ retry: retryWhileUnreachable, retryDelay, ...(queryMeta ? { meta: queryMeta } : {}) }}
      empty={false}
      actions={
        // Export on every list; the add button beside it floats at the bottom
        <TopToolbar>
          {/* filters not always shown are added with react-admin's filter button */}
          {allFilters.some((f) => !(f.props as { alwaysOn?: boolean }).alwaysOn) && <FilterButton />}
          {declared.toolbar}
          {exportable && <ExportCsvButton meta={queryMeta} />}
          <ImportCsvButton />
          {actions}
        </TopToolbar>
      }
      // room under the pager for the floating add button, at any font size (it never covers the pager)
      sx={{ minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 }, pb: actions ? 11 : 0, ...phoneCardStyles }}
    >
      <LoadingNote />
      <BulkJobs />
      <LiveListMark />
      <RefetchDimmed>{children}</RefetchDimmed>
    </List>
  );
}

/**
 * The table of a list screen: no row selection unless given, no click-through, "No data found!" when
 * empty; a wide table (`scrolls`) scrolls sideways inside its frame rather than widening the page. On a
 * phone, a card per row with labelled values, a sort control and tap-to-open (phoneCards.tsx).
 */
export function ResourceTable({
  scrolls = false,
  rowClick = false,
  bulkActionButtons = false,
  sx,
  children,
  ...props
}: Omit<DataTableProps, 'children'> & {
  scrolls?: boolean;
  children: ReactNode;
}) {
  return (
    <PhoneCards>
      <DataTable
        bulkActionButtons={useBulkButtons(bulkActionButtons)}
        empty={<NoRecords />}
        rowClick={rowClick}
        sx={{ ...(scrolls ? { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } : {}), ...sx }}
        {...props}
      >
        {labelledColumns(children)}
      </DataTable>
    </PhoneCards>
  );
}

/** 'Loading...' while the list's first answer is on its way (spec §2), beside react-admin's skeleton rows. */
function LoadingNote() {
  const { isPending } = useListContext();
  return isPending ? <LoadingText /> : null;
}

/**
 * The rows dimmed (and marked busy) while a new answer is on its way for a list already shown (a new
 * search, page or sort, a refresh, a retry while the server is away): they are the last answer's.
 */
function RefetchDimmed({ children }: { children: ReactNode }) {
  const { isFetching, isPending } = useListContext();
  const refetching = isFetching && !isPending;
  return (
    <Box aria-busy={refetching} data-refetching={refetching || undefined} sx={{ minWidth: 0, transition: 'opacity 150ms', opacity: refetching ? 0.45 : 1 }}>
      {children}
    </Box>
  );
}

/**
 * The Created Date column and, unless `status` is false, the Status column of a list (DataTable
 * columns render from their context, so they may come from a component).
 */
export function CreatedAndStatusColumns({ fields, status = true }: { fields: string; status?: boolean }) {
  return (
    <>
      <Col source="created_at" label={`${fields}.created_at`}>
        <DateCell source="created_at" />
      </Col>
      {status && (
        <Col source="status" label={`${fields}.status`}>
          <StatusChip />
        </Col>
      )}
    </>
  );
}
