// What a resource of the back-office declares: one object per resource (src/shared/resources/<name>.ts)
// from which both sides derive what they need: the admin its <Resource>, menu entry, access check,
// dataProvider row and dashboard card; the server its guards and sort maps. Plain data, no React and no
// Node, so the start-up shell, the admin, the server and the tests read the same object.
import type { ListOrder } from '../contract';
import type { Rule } from '../roles';
import type { ValidationMessageKey } from '../validation/messages';

/**
 * The icons the menu, the resources and the dashboard may name; src/admin/icons.ts maps each to its
 * @mui/icons-material component (one table, so a resource's menu entry and its list show the same icon).
 */
export const ICON_NAMES = [
  'dashboard',
  'people',
  'admin',
  'place',
  'photo',
  'route',
  'category',
  'tag',
  'email',
  'article',
  'chat',
  'ai',
  'report',
  'list',
  'comment',
  'person',
  'history',
  'gavel',
  'trash',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Menu groups: a collapsible entry holding the resources that name it (spec §2 "Side menu targets"). */
export const MENU_GROUPS = { report: { label: 'app.menu.report', icon: 'report', order: 130 } } as const satisfies Record<
  string,
  { label: string; icon: IconName; order: number }
>;
export type MenuGroupName = keyof typeof MENU_GROUPS;

export interface MenuPlacement {
  /** the entry's id, and its catalogue key `app.menu.<id>` */
  id: string;
  /** the path it opens */
  path: string;
  icon: IconName;
  /** its place among the entries (and inside its group): smaller first */
  order: number;
  group?: MenuGroupName;
  /**
   * the rule the screen's data needs when it is not the entry's own: Report Post and Report User show to
   * any staff member (spec §6), their reports need Report-list; the menu marks them for whoever lacks it
   */
  dataAccess?: string;
}

/**
 * The spec §7 calls of a resource, relative to /api. `:id` stands for the record's id. Bodies of create
 * and update are multipart form data unless `json`.
 */
export interface ApiCalls {
  list: string;
  one?: string;
  create?: string;
  /** the id travels in the body */
  update?: string;
  remove?: string;
  /** POST { id, sequence } */
  sequence?: string;
  /** POST { user_ids, action } with one of the declaration's bulkActions (the updateMany / deleteMany of the list) */
  bulk?: string;
  /** the first page number the list call expects (spec §9) */
  pageBase: 0 | 1;
  defaultOrder: ListOrder;
  /** fixed query parameters of the list (user_type, type, typeUser) */
  query?: Readonly<Record<string, string>>;
  /** the list's filters beside its search: each a query parameter named as the screen's filter */
  filters?: readonly string[];
  /** fields always sent on create (user_type) */
  createFields?: Readonly<Record<string, string>>;
  json?: boolean;
}

/**
 * The kinds of value a field holds. `id`, `created_at` and `updated_at` are the server's; the rest are
 * typed in a form: `text` on one line, `longText` on several, `choice` one of `choices`, `number` a
 * whole number, `slug` an address part (lower case letters and digits joined by dashes, made from the
 * title when left empty), `richText` formatted text in an editor (sanitised by the server), `date` a day
 * ('YYYY-MM-DD'), `dateTime` a moment (ISO-8601 in UTC), `boolean` yes or no, `reference` the id of a
 * record of the declared resource it names (`reference: '<resource name>'`), `image` an uploaded picture
 * (its stored /uploads/ path).
 */
export const FIELD_TYPES = [
  'id',
  'timestamp',
  'text',
  'longText',
  'choice',
  'number',
  'slug',
  'richText',
  'date',
  'dateTime',
  'boolean',
  'reference',
  'image',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a resource's records: how it is stored, checked, listed, sorted, searched, typed and shown. */
export interface FieldDeclaration {
  /** what it holds (the declared-resource screens and server need it; special screens may leave it out) */
  type?: FieldType;
  /** a form must fill it */
  required?: boolean;
  /** the longest text it takes (text, longText) */
  max?: number;
  /** the values a `choice` takes; labels are `app.status.<value>` when the field is `status`, else the value */
  choices?: readonly string[];
  /** the value a create form starts with */
  initial?: string | number | boolean;
  /** a `reference` field: the name of the declared resource (with `storage`) whose record it names */
  reference?: string;
  /** a column of the list */
  list?: boolean;
  /** an input of the create and edit forms (and so a value their calls take) */
  form?: boolean;
  /** `false`: the calls take it, but the dialogs show no input for it and send it back as it is */
  input?: false;
  /** shown on the detail page */
  show?: boolean;
  /** the list can be sorted by it (the server names the column it sorts) */
  sortable?: boolean;
  /**
   * `false`: a plain resource's list offers no filter by it (a choice, yes/no or reference field, and the
   * creation date, are filters of its list otherwise: filters.ts)
   */
  filter?: false;
  /**
   * the list's free-text search looks into it: `true`, the column of its name; or the columns that hold it
   * (a copied name, a title and its text). The search index of the declaration's `search.table` is built
   * over these, in field order (src/server/db/search.ts); a plain resource (`storage`) takes `true` only.
   */
  searchable?: boolean | readonly string[];
  /**
   * no two records share it (compared folded: case and accents aside): a save of a taken value is
   * refused, and the form names the taken values with the resource's `duplicates` text
   */
  unique?: boolean;
  /**
   * the column that sorts it when not its own (a table of hand-written migrations: a name's Turkish sort
   * key `name_sort`, db/sortKey.ts)
   */
  sortColumn?: string;
  /**
   * the field's name before it was renamed (a declared resource): the generated migration renames its
   * column, keeping the values, instead of adding an empty one
   */
  renamedFrom?: string;
  /** how a typed value is kept while it is typed: `lowercase` (tags are lower-cased on entry) */
  typed?: 'lowercase';
  /** catalogue key of the help text under its input */
  hint?: string;
  /** its own messages (`validation.*` keys) instead of the general ones */
  messages?: {
    /** left blank in a form */
    required?: ValidationMessageKey;
    /** left blank in a row of the several-rows add dialog (defaults to `required`) */
    requiredInRow?: ValidationMessageKey;
    /** longer than `max` */
    tooLong?: ValidationMessageKey;
  };
}

/**
 * The catalogue keys a declared resource's screens speak with: the add and edit dialogs' titles, the
 * toasts after a save or a delete, the names refused as taken (`%{names}`) and the delete confirmation.
 */
export interface ScreenTexts {
  add: string;
  edit: string;
  added: string;
  updated: string;
  deleted: string;
  duplicates: string;
  deleteConfirm: string;
}

/** How the screens made from a declaration add and speak, where the defaults do not fit. */
export interface ScreenDeclaration {
  /**
   * the add dialog takes its form as rows: `several` (add and remove rows, each checked, the rows the
   * server refuses as taken kept in the dialog) or `one` (one row, the same dialog)
   */
  addRows?: 'several' | 'one';
  texts?: Partial<ScreenTexts>;
  /** the add and edit dialogs are wide (a rich-text editor) */
  wide?: boolean;
  /**
   * the records are mails the product sends (email templates): the edit dialog offers a preview of the
   * text being edited and a test mail of it to oneself (`POST /api/email-template/:id/preview`, `/test`)
   */
  mailPreview?: boolean;
}

/**
 * What a filter of a list (filters.ts) picks: `choice` one of `choices`; `yesNo` yes or no; `reference` a record of the resource
 * it names (a searchable picker of that resource's list); `country` a country (English name, as places
 * are stored); `created` a range of creation days (`today`, `7d`, `30d`, or a chosen from–to).
 */
export type ListFilterKind = 'choice' | 'yesNo' | 'reference' | 'country' | 'created';

export interface ListFilterDeclaration {
  /** the query parameter (and react-admin's filter key) */
  name: string;
  kind: ListFilterKind;
  /** catalogue key of its title in the sidebar */
  label: string;
  /** a `choice` filter's values */
  choices?: readonly string[];
  /** the catalogue prefix of a choice's labels (`<labels>.<value>`); without it a value is its own label */
  labels?: string;
  /** a `reference` filter: the resource whose records it offers (its list call reads them) */
  reference?: string;
}

// ---- bulk edit (issue 35) ----
/**
 * A field set in bulk: `choice` one of `choices` (labels `<labels>.<value>`, else the value); `yesNo` yes or no;
 * `links` a record of `reference` added to or removed from each row's links (a post's tags and categories).
 */
export interface BulkFieldDeclaration {
  name: string;
  kind: 'choice' | 'yesNo' | 'links';
  /** catalogue key of its name in the bulk dialog */
  label: string;
  choices?: readonly string[];
  labels?: string;
  reference?: string;
}

export interface BulkDeclaration {
  fields: readonly BulkFieldDeclaration[];
  /** rows may be deleted in bulk (posts: to the Trash) */
  delete?: boolean;
}
// ---- end bulk edit ----

/** The dashboard card of a resource (spec §2 "/dashboard"): one of the statistics, opening the list. */
export interface DashboardCardDeclaration {
  /** the statistic's key in the dashboard's answer */
  statistic: 'user' | 'spot' | 'post' | 'itinerary' | 'categoriescount' | 'tag' | 'report' | 'reportPending';
  /** catalogue key of its title */
  title: string;
  /** the @mui/icons-material icon the card (and the start-up shell) draws */
  icon: 'People' | 'Place' | 'PhotoLibrary' | 'Route' | 'Category' | 'LocalOffer' | 'Report';
  color: string;
  /** its place among the cards */
  order: number;
  /** the rule its link needs when it is not the resource's own (the Reports card needs Report-list) */
  access?: string;
}

/**
 * A name whose rule decides who reaches something: a resource with screens and calls, or a page, or a
 * group of calls (the reports) that only guards.
 */
export interface AccessDeclaration {
  name: string;
  /** who may open it (src/shared/access.ts `satisfies`) */
  rule: Rule;
  menu?: MenuPlacement;
  /**
   * The permission an Admin grants to open it, when this declaration brings one (spec §6): named by its
   * `rule`. The permission editor, the server's checks of a grant and the seed's permissions table list it.
   */
  permission?: PermissionDeclaration;
  /**
   * The kind of record the server's trail names its records by (audit_log.entity), when it has one: `true`,
   * its own name, or another (a report category's entries are `reportCategory`); the entry's rule reads that
   * kind's history (src/shared/audit.ts). A plain resource (`storage`) is audited under its name without it.
   */
  audited?: true | string;
}

/** A permission, declared with the resource or page whose `rule` names it. */
export interface PermissionDeclaration {
  /** catalogue key of its label in the permission editor, the menu's lock and the audit log */
  label: string;
  /** its place in the permission editor: smaller first */
  order: number;
}

export interface ResourceDeclaration extends AccessDeclaration {
  /** catalogue key of its name (react-admin's `resources.<name>.name`) */
  label: string;
  api: ApiCalls;
  /** the fields of its records the list knows of (labels: `resources.<name>.fields.<field>`) */
  fields: Readonly<Record<string, FieldDeclaration>>;
  /** bulk actions its list offers */
  bulkActions?: readonly string[];
  /**
   * The filters beside its list (a sidebar on a desktop, the filter button on a phone), each a query
   * parameter of the list call. A plain resource (`storage`) gets them from its fields without it
   * (filters.ts `listFilters`).
   */
  filters?: readonly ListFilterDeclaration[];
  // ---- bulk edit (issue 35) ----
  /**
   * What its list may change in bulk over ticked rows or everything that matches (a server job, bulk.ts):
   * the fields that may be set and whether rows may be deleted. A plain resource (`storage`) gets its choice
   * and yes/no form fields and delete (when it has a delete call) without it.
   */
  bulk?: BulkDeclaration;
  // ---- end bulk edit ----
  dashboardCard?: DashboardCardDeclaration;
  /** how the screens made from the fields add and speak (resources with screens of their own ignore it) */
  screens?: ScreenDeclaration;
  /**
   * Other entries whose users may read its list (the post form's category and tag pickers): the list
   * call's guard lets them in too, every other call stays the resource's own.
   */
  readers?: readonly string[];
  /**
   * A plain resource that the server serves from this declaration alone (src/server/modules/declared/):
   * its records live in `table`, made and kept up to date from the fields by generated migrations (or by
   * the hand-written ones: `migrations`). Its calls' shapes follow `api` and `screens.addRows`. Without it
   * the resource has routes of its own.
   */
  storage?: StorageDeclaration;
  // CSV import (issue 35, import) ------------------------------------------------------------------
  /**
   * The list takes a CSV file (POST <list>/import, modules/import/): each row a record, created, or
   * updated when its `match` column names an existing one. Who may create may import.
   */
  import?: ImportDeclaration;
  // ---------------------------------------------------------------------------------------------------
  /**
   * A resource with routes of its own whose list is searched through a table's search index
   * (src/server/db/search.ts SEARCH_COLUMNS): the columns of its `searchable` fields. Declarations sharing
   * a table (users and sub-admins) search it the same way.
   */
  search?: { table: string };
}

/** The CSV import of a list (issue 35): its columns, the one that matches a record, those holding numbers. */
export interface ImportDeclaration {
  /** the column that finds the record a row updates (compared as the list's duplicates are) */
  match: string;
  /** the columns a file may hold, header names as here (a plain resource: its form fields without it) */
  columns?: readonly string[];
  /** the columns a row must fill */
  required?: readonly string[];
  /** columns of numbers, where a leading + or - is a sign and not a spreadsheet formula */
  numbers?: readonly string[];
}

/** Where a plain resource's records live, and how its table came to be. */
export interface StorageDeclaration {
  table: string;
  /**
   * `hand-written`: the table is made by the hand-written migrations (src/server/db/migrations), which the
   * generated ones leave alone: its list is searched through the table's trigram index (db/search.ts,
   * over its searchable fields) rather than `search_text`, and a `unique` field's key column holds nameKey (case aside)
   */
  migrations?: 'hand-written';
  /** its rows are counted as they change (db/counts.ts): the list's total reads the count */
  counted?: true;
}
/** A declaration as written, its literal types kept (the server's sort maps are typed by its fields). */
export const declareResource = <const D extends ResourceDeclaration>(declaration: D): D => declaration;

/** The names of a declaration's sortable fields, as a type. */
export type SortableOf<D extends ResourceDeclaration> = {
  [K in keyof D['fields']]: D['fields'][K] extends { sortable: true } ? K : never;
}[keyof D['fields']] &
  string;

/** A server's sort map of a resource: each sortable field and the SQL column that sorts it. */
export type SortColumns<D extends ResourceDeclaration> = Readonly<Record<SortableOf<D>, string>>;

/** The sort names of a resource: its sortable fields, in declaration order. */
export const sortNames = (resource: ResourceDeclaration): string[] =>
  Object.entries(resource.fields)
    .filter(([, f]) => f.sortable)
    .map(([name]) => name);
