// A list on a phone (below MUI's `sm` breakpoint) is a card per row (README "lists become a card per
// row"): each value beside its column's label, a sort control in place of the column headers, the row
// menu at the card's top corner, and a tap on the card opens the record (its detail, or its edit form
// where it has none). The table stays one DataTable: the columns (`Col`) carry their labels, shown on a
// phone only, and tell the sort control which of them sort.
import SortIcon from '@mui/icons-material/Sort';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { Children, createContext, createElement, isValidElement, type MouseEvent, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { DataTable, type DataTableColumnProps, useDataTableRenderContext, useFieldValue, useListContext, useLocaleState, useRecordContext, useTranslate } from 'react-admin';

import { usePhone } from './usePhone';

export { usePhone };

/** The class of a row's 'open' action (RowActions renders it hidden; a tap on the card clicks it). */
export const ROW_OPEN_CLASS = 'row-open';
/** The class of a row's menu button, placed at the same corner of every card. */
export const ROW_MENU_CLASS = 'row-menu';
const CARD_LABEL_CLASS = 'card-label';

interface SortableColumn {
  source: string;
  label: DataTableColumnProps['label'];
}

/** The sortable columns of a table, as its header renders them. */
const SortableColumns = createContext<((column: SortableColumn) => () => void) | null>(null);

/** A value's column label, shown in front of it on a phone only. */
function CardLabel({ label }: { label: DataTableColumnProps['label'] }) {
  const translate = useTranslate();
  const text = typeof label === 'string' ? translate(label, { _: label }) : label;
  return (
    <Box component="span" className={CARD_LABEL_CLASS} sx={{ display: 'none' }}>
      {text}
    </Box>
  );
}

/** A column's value when it names no children: what DataTable.Col shows then. */
function ColumnValue({ source, render, field }: Pick<DataTableColumnProps, 'source' | 'render' | 'field'>) {
  const record = useRecordContext();
  const value: unknown = useFieldValue({ source: source ?? '' });
  if (!record) return null;
  if (render) return <>{render(record)}</>;
  if (field) return createElement(field, { source });
  return value === null || value === undefined ? null : <>{String(value)}</>;
}

/**
 * DataTable.Col whose value carries its label on a phone, and which offers itself to the phone's sort
 * control when it sorts. A column without a source (the row menu) has no label.
 */
export function Col(props: DataTableColumnProps) {
  const context = useDataTableRenderContext();
  const register = useContext(SortableColumns);
  const { source, label, disableSort, children, render, field } = props;
  useEffect(() => {
    if (context !== 'header' || !register || !source || disableSort) return;
    return register({ source, label });
  }, [context, register, source, label, disableSort]);
  if (context !== 'data' || !source) return <DataTable.Col {...props} />;
  return (
    <DataTable.Col {...props} render={undefined} field={undefined}>
      <CardLabel label={label ?? source} />
      {children ?? <ColumnValue source={source} render={render} field={field} />}
    </DataTable.Col>
  );
}

/** A table's columns with DataTable.Col given as the labelled Col (columns from components stay as they are). */
export const labelledColumns = (children: ReactNode) =>
  Children.map(children, (child) => (isValidElement<DataTableColumnProps>(child) && child.type === DataTable.Col ? <Col key={child.key} {...child.props} /> : child));

/** The sort control of a list on a phone: the sortable columns, the chosen one again reverses the order. */
function PhoneSortButton({ columns }: { columns: SortableColumn[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { sort, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!columns.length) return null;
  const name = (column: SortableColumn) => (typeof column.label === 'string' ? translate(column.label, { _: column.label }) : column.source);
  const current = columns.find((c) => c.source === sort.field);
  const field = current ? name(current) : '';
  // the list's own order (newest first) is no column: plain "Sort"
  const text = !current ? translate('ra.action.sort') : translate('ra.sort.sort_by', {
    field,
    field_lower_first: field.charAt(0).toLocaleLowerCase(locale) + field.slice(1),
    order: translate(`ra.sort.${sort.order}`),
  });
  const choose = (source: string) => {
    setAnchor(null);
    setSort({ field: source, order: source === sort.field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
  };
  return (
    <>
      <Button size="small" startIcon={<SortIcon />} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ m: 1, minHeight: 44, textTransform: 'none' }}>
        {text}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem key={column.source} selected={column.source === sort.field} onClick={() => choose(column.source)} sx={{ minHeight: 44 }}>
            {name(column)}
            {column.source === sort.field ? ` (${translate(`ra.sort.${sort.order}`)})` : ''}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A tap on a card (not on one of its controls) opens the record, through the row's hidden open action. */
function openTappedRow(event: MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  // a click from a portal (the row menu, a dialog) or on a control of the card is theirs
  if (!event.currentTarget.contains(target) || target.closest('button, a, input, textarea, select, label, [role="button"], [role="checkbox"]')) return;
  const row = target.closest('.RaDataTable-tbody > tr');
  row?.querySelector<HTMLElement>(`.${ROW_OPEN_CLASS}`)?.click();
}

/**
 * Around a list's DataTable: on a phone, the sort control above the cards and the tap that opens a
 * card's record; elsewhere the table as it is.
 */
export function PhoneCards({ children }: { children: ReactNode }) {
  const phone = usePhone();
  const [columns, setColumns] = useState<SortableColumn[]>([]);
  const register = useCallback((column: SortableColumn) => {
    setColumns((all) => [...all.filter((c) => c.source !== column.source), column]);
    return () => setColumns((all) => all.filter((c) => c !== column));
  }, []);
  return (
    <SortableColumns.Provider value={register}>
      {phone && <PhoneSortButton columns={columns} />}
      <Box onClick={phone ? openTappedRow : undefined} sx={{ minWidth: 0 }}>
        {children}
      </Box>
    </SortableColumns.Provider>
  );
}

/**
 * Below MUI's `sm` breakpoint (a phone) a list is a card per row: no header row, each row's values flow
 * and wrap inside the screen, each after its label, instead of a table scrolling sideways; the row menu
 * sits at the card's top corner; the filter form takes the width.
 */
export const phoneCardStyles = {
  '@media (max-width: 599.95px)': {
    '& .RaList-main .RaFilterForm-root, & .RaList-main .RaFilterFormInput-body': { width: '100%', flex: 1 },
    '& .RaDataTable-thead': { display: 'none' },
    '& .RaDataTable-table, & .RaDataTable-tbody': { display: 'block', width: '100%', minWidth: 0 },
    '& .RaDataTable-tbody > tr': {
      position: 'relative',
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: 2,
      rowGap: 0.5,
      px: 1.5,
      py: 1.25,
      paddingInlineEnd: 6,
      borderBottom: 1,
      borderColor: 'divider',
      cursor: 'pointer',
    },
    '& .RaDataTable-tbody > tr > td': { display: 'block', border: 0, p: 0, maxWidth: '100%', minWidth: 0, overflowWrap: 'anywhere' },
    '& .RaDataTable-tbody > tr > td:empty': { display: 'none' },
    [`& .${CARD_LABEL_CLASS}`]: { display: 'inline', typography: 'caption', color: 'text.secondary', marginInlineEnd: 0.75 },
    // the label and a block value (a clipped text, a chip) on one line
    [`& td:has(> .${CARD_LABEL_CLASS})`]: { display: 'flex', alignItems: 'center', flexWrap: 'wrap' },
    [`& .RaDataTable-tbody > tr > td:has(.${ROW_MENU_CLASS})`]: { position: 'absolute', top: 4, insetInlineEnd: 4 },
    [`& .${ROW_MENU_CLASS}`]: { minWidth: 44, minHeight: 44 },
  },
} as const;
