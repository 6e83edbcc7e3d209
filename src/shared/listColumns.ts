// The columns of each list as an export writes them (issue 32 M3): the list's own columns, headed by the
// list's labels and holding the values as the list shows them. One declaration per list: a plain resource's
// follow from its declared list fields (DeclaredList renders the same ones); the lists with screens of their
// own name theirs in LIST_COLUMNS, in the order the screen shows them. The admin translates the labels
// and words (exportColumns.ts) and the server writes each row's cells from them (http/exportColumns.ts).
import { actionLabelKey, AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit';
import { listFields } from './resources/fields';
import type { ResourceDeclaration } from './resources/types';

/**
 * How a cell reads its value: `text` as written (numeric character references decoded), `number` a
 * number cell, `date` the lists' date, `dateTime` date and time in the language's way, `names` a list's
 * names joined, `changes` an audit entry's changed fields, one `field: before → after` after another.
 */
export const CELL_KINDS = ['text', 'number', 'date', 'dateTime', 'names', 'changes'] as const;
export type CellKind = (typeof CELL_KINDS)[number];

/** One column of a list, as declared (catalogue keys). */
export interface ListColumn {
  /** where the value is in a row of the list's answer: a field, or `post.title` inside a nested object */
  source: string;
  /** catalogue key of the header, the list's own */
  label: string;
  shows?: CellKind;
  /** a value as a word: value (of `wordsOf`, else of the cell) → catalogue key; `*` stands for any other value */
  words?: Readonly<Record<string, string>>;
  /** the row's field whose value picks the word (the spot's post_type picks "Post #%{id}" or "Itinerary #%{id}") */
  wordsOf?: string;
  /** catalogue key of the cell's text around its word and value ("%{kind} #%{id}") */
  template?: string;
  /** which parameter of the words and the template is the cell's `value`, which its `word` */
  params?: Readonly<Record<string, 'value' | 'word'>>;
  /** catalogue key shown for a missing value ('----' in the report lists) */
  missing?: string;
  /** the table starts without it (its column chooser brings it back); the export follows the table */
  hidden?: boolean;
}

/** A column as the export call carries it: the same, its texts in the admin's language. */
export interface ExportColumn {
  source: string;
  header: string;
  shows?: CellKind;
  /** value → text, where `{value}` and `{word}` stand for the cell's value and word */
  words?: Record<string, string>;
  wordsOf?: string;
  template?: string;
  missing?: string;
}

/** What an export asks for: the admin's language (dates and times) and the columns. */
export interface ExportLayout {
  locale: string;
  columns: ExportColumn[];
}

/** The tokens a translated word or template holds for the cell's value and word. */
export const VALUE_TOKEN = '{value}';
export const WORD_TOKEN = '{word}';

/** A yes/no cell as react-admin's BooleanField names it. */
const YES_NO_WORDS = { true: 'ra.boolean.true', false: 'ra.boolean.false' };

const STATUS_WORDS = {
  Active: 'app.status.Active',
  Inactive: 'app.status.Inactive',
  Pending: 'app.status.Pending',
  'Request Pending': 'app.status.Request Pending',
};
const YES = 'ra.boolean.true';
const NO = 'ra.boolean.false';
// the report lists' mark for a value the report does not have (spec §2), the same in every language
const MISSING = '----';

const status = (fields: string): ListColumn => ({ source: 'status', label: `${fields}.status`, words: STATUS_WORDS });
const createdAndStatus = (fields: string): ListColumn[] => [{ source: 'created_at', label: `${fields}.created_at`, shows: 'date' }, status(fields)];

const POST_COLUMNS = (fields: string): ListColumn[] => [
  { source: 'title', label: `${fields}.title` },
  { source: 'description', label: `${fields}.description` },
  { source: 'user', label: `${fields}.user` },
];

/** Type, Reason and the status: the last columns of every report list. */
const reportEnd = (fields: string): ListColumn[] => [
  { source: 'type', label: `${fields}.type`, words: { post: 'app.report.types.post', comment: 'app.report.types.comment', user: 'app.report.types.user' } },
  { source: 'reason', label: `${fields}.reason`, missing: MISSING },
  // the report's own state (Pending / Resolved), beside the target's status
  { source: 'status', label: 'app.report.state', words: { Pending: 'app.report.states.Pending', Resolved: 'app.report.states.Resolved' } },
  { source: 'userStatusByAdmin', label: `${fields}.status`, words: STATUS_WORDS },
];
const reported = (label: string): ListColumn => ({ source: 'reportedUserInfo.name', label, missing: MISSING });
const reporter = (fields: string): ListColumn => ({ source: 'user.name', label: `${fields}.reported_by`, missing: MISSING });
const postReportColumns = (fields: string): ListColumn[] => [
  reported(`${fields}.created_by`),
  reporter(fields),
  { source: 'post.title', label: `${fields}.post_title`, missing: MISSING },
];

const account = 'resources.user.fields';
const audit = 'resources.audit.fields';

/** The columns of the lists that have screens of their own, as those screens show them. */
export const LIST_COLUMNS: Readonly<Record<string, readonly ListColumn[]>> = {
  user: [
    { source: 'name', label: `${account}.name` },
    { source: 'email', label: `${account}.email` },
    { source: 'location', label: `${account}.location`, hidden: true },
    { source: 'phone', label: `${account}.phone` },
    { source: 'postCount', label: `${account}.postCount`, shows: 'number' },
    { source: 'userSpotCount', label: `${account}.userSpotCount`, shows: 'number', hidden: true },
    { source: 'itineraryCount', label: `${account}.itineraryCount`, shows: 'number' },
    { source: 'sequence', label: `${account}.sequence`, shows: 'number' },
    ...createdAndStatus(account),
  ],
  subadmin: [
    { source: 'name', label: `${account}.full_name` },
    { source: 'email', label: `${account}.email` },
    { source: 'phone', label: `${account}.phone` },
    ...createdAndStatus(account),
  ],
  spot: [
    { source: 'name', label: 'resources.spot.fields.name' },
    { source: 'created_by', label: 'resources.spot.fields.created_by' },
    { source: 'country', label: 'resources.spot.fields.country' },
    {
      source: 'post_id',
      label: 'resources.spot.fields.associated',
      wordsOf: 'post_type',
      words: { itinerary: 'app.spot.itinerary_link', '*': 'app.spot.post_link' },
      params: { id: 'value' },
      missing: MISSING,
    },
    ...createdAndStatus('resources.spot.fields'),
  ],
  post: [
    ...POST_COLUMNS('resources.post.fields'),
    { source: 'created_at', label: 'resources.post.fields.created_at', shows: 'date' },
    { source: 'sequence', label: 'resources.post.fields.sequence', shows: 'number' },
  ],
  itinerary: [
    ...POST_COLUMNS('resources.itinerary.fields'),
    // Planned is Yes for is_planeed '0' (DESIGN.md §9), Public for is_public 1
    { source: 'is_planeed', label: 'resources.itinerary.fields.is_planeed', words: { '0': YES, '*': NO } },
    { source: 'is_public', label: 'resources.itinerary.fields.is_public', words: { '1': YES, '*': NO } },
    { source: 'sequence', label: 'resources.itinerary.fields.sequence', shows: 'number' },
  ],
  report: [...postReportColumns('resources.report.fields'), ...reportEnd('resources.report.fields')],
  reportedComments: [
    ...postReportColumns('resources.reportedComments.fields'),
    { source: 'comment.comment', label: 'resources.reportedComments.fields.comment', missing: MISSING },
    ...reportEnd('resources.reportedComments.fields'),
  ],
  reportedUsers: [reported('resources.reportedUsers.fields.reported_user'), reporter('resources.reportedUsers.fields'), ...reportEnd('resources.reportedUsers.fields')],
  audit: [
    { source: 'created_at', label: `${audit}.created_at`, shows: 'dateTime' },
    // the exported trail's own row (modules/audit/service.ts exportedEntry): the person by name, the changes as JSON text
    { source: 'actor', label: `${audit}.actor`, missing: 'app.audit.system' },
    { source: 'action', label: `${audit}.action`, words: Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, actionLabelKey(action)])) },
    {
      source: 'entity_id',
      label: `${audit}.record`,
      wordsOf: 'entity',
      words: Object.fromEntries(Object.keys(AUDIT_ENTITIES).map((entity) => [entity, `app.audit.entities.${entity}`])),
      template: 'app.audit.record',
      params: { kind: 'word', id: 'value' },
    },
    { source: 'changes', label: `${audit}.changes`, shows: 'changes' },
    { source: 'ip', label: `${audit}.origin` },
  ],
};

/** A plain resource's list columns: its list fields, dates as dates, a status in words. */
const declaredColumns = (resource: ResourceDeclaration): ListColumn[] =>
  listFields(resource).map((field) => {
    const label = `resources.${resource.name}.fields.${field.name}`;
    if (field.type === 'timestamp') return { source: field.name, label, shows: 'date' };
    if (field.type === 'number') return { source: field.name, label, shows: 'number' };
    // a day stays 'YYYY-MM-DD' (no time zone can move it); a moment reads in the language's way, a yes/no as its word
    if (field.type === 'dateTime') return { source: field.name, label, shows: 'dateTime' };
    if (field.type === 'boolean') return { source: field.name, label, words: YES_NO_WORDS };
    if (field.name === 'status') return { source: field.name, label, words: STATUS_WORDS };
    return { source: field.name, label };
  });

/** The columns a list exports: its own, else its declared list fields. */
export const listColumnsOf = (resource: ResourceDeclaration): readonly ListColumn[] => LIST_COLUMNS[resource.name] ?? declaredColumns(resource);

const HIDDEN: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(LIST_COLUMNS).map(([resource, columns]) => [resource, columns.filter((c) => c.hidden).map((c) => c.source)]),
);
const NONE: readonly string[] = [];

/**
 * The columns a resource's table starts without (DataTable's `hiddenColumns`: its column chooser brings them
 * back). The same array every time: react-admin's useStore treats a new default as a change.
 */
export const initiallyHidden = (resource: string): string[] => (HIDDEN[resource] ?? NONE) as string[];
