// The single dataProvider: one table maps each resource to its spec §7 calls, page base, default
// order and extra query, made from the registry (src/shared/resources/): a new resource declares its
// calls there, not here.
import type { DataProvider, fetchUtils, GetListParams, RaRecord } from 'react-admin';
import type { ImportReport } from '@shared/importCsv';
import { type DashboardStatistics, type Envelope, type ProfileUpdatePayload, type SessionUser, type StaffSession, type ListPayload, MAX_PAGE_SIZE, type Place, type PlaceSuggestion } from '@shared/contract';
import type { AuditEntry } from '@shared/audit';
import type { ExportLayout } from '@shared/listColumns';
import { filterParams, RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ensureFreshToken } from './authProvider';
import type { DownloadedFile } from './fileDownload';
import { apiFetch, toQuery } from './httpClient';
import { type Caller, moderationCalls } from './moderation';
import { trashCalls } from './trash';
import { type EndpointRow, listQuery } from './listQuery';
import { session } from './session';

/**
 * Every call of the admin to the API goes through here: the access token is refreshed first when it has
 * expired, then the request is sent with it (httpClient.apiFetch).
 */
async function call<T = unknown>(path: string, options?: fetchUtils.Options): Promise<Envelope<T>> {
  await ensureFreshToken();
  return apiFetch<T>(path, options);
}

/** A JSON request body. */
const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });

/** A call's path with the record's id in place of `:id`. */
const withId = (path: string) => (id: RaRecord['id']) => path.replace(':id', encodeURIComponent(String(id)));

/** The dataProvider row of a registered resource (src/shared/resources/): its declared calls. */
export function endpointRow(resource: ResourceDeclaration): EndpointRow {
  const { api } = resource;
  return {
    list: api.list,
    pageBase: api.pageBase,
    defaultOrder: api.defaultOrder,
    ...(api.one ? { one: withId(api.one) } : {}),
    ...(api.query ? { query: { ...api.query } } : {}),
    // the declared filters' query parameters and the list's own (filters.ts)
    ...(filterParams(resource).length ? { filters: filterParams(resource) } : {}),
    ...(api.create ? { create: api.create } : {}),
    ...(api.update ? { update: api.update } : {}),
    ...(api.remove ? { remove: withId(api.remove) } : {}),
    ...(api.createFields ? { createFields: { ...api.createFields } } : {}),
    ...(api.sequence ? { sequence: api.sequence } : {}),
    ...(api.bulk ? { bulk: api.bulk } : {}),
    ...(api.json ? { json: true } : {}),
  };
}

export { type EndpointRow, listQuery, type SearchLabels } from './listQuery';

export const ENDPOINTS: Record<string, EndpointRow> = Object.fromEntries(RESOURCES.map((r) => [r.name, endpointRow(r)]));

function endpoint(resource: string): EndpointRow {
  const row = ENDPOINTS[resource];
  if (!row) throw new Error(`No endpoint for resource "${resource}"`);
  return row;
}

/** A list call's query for some records by id (getMany, getManyReference's known ids): no page, no search. */
const idsQuery = (row: EndpointRow, ids: readonly RaRecord['id'][]) =>
  toQuery({ ...row.query, ids: ids.map(String).join(','), limit: ids.length, order: JSON.stringify(row.defaultOrder) });

/** The server takes at most a page of ids in one list call. */
const inChunks = <T>(items: readonly T[], size = MAX_PAGE_SIZE) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

function need<K extends keyof EndpointRow>(row: EndpointRow, key: K, resource: string): NonNullable<EndpointRow[K]> {
  const value = row[key];
  if (!value) throw new Error(`"${resource}" has no ${String(key)} endpoint`);
  return value as NonNullable<EndpointRow[K]>;
}

const fileOf = (value: unknown): File | null => {
  if (value instanceof File) return value;
  const raw = (value as { rawFile?: unknown } | null)?.rawFile;
  return raw instanceof File ? raw : null;
};

/**
 * Multipart body of a form: files from react-admin's file inputs ({ rawFile }) — a list of files as
 * repeated fields — other lists as JSON text, other values as text; empty values and objects that are
 * not files (a picture already stored) are left out.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    const file = fileOf(value);
    if (file) form.append(key, file);
    else if (Array.isArray(value) && value.length && value.every(fileOf)) for (const f of value) form.append(key, fileOf(f)!);
    else if (Array.isArray(value)) form.append(key, JSON.stringify(value));
    else if (typeof value !== 'object') form.append(key, String(value));
  }
  return form;
}

/** The request options of a create / update body, as the endpoint row wants it. */
function bodyOf(row: EndpointRow, values: Record<string, unknown>): { body: BodyInit; headers?: Record<string, string> } {
  return row.json
    ? { body: JSON.stringify(values), headers: { 'Content-Type': 'application/json' } }
    : { body: toFormData(values) };
}

/** What a create answers beside the new id: names refused as duplicates, for the multi-row adds. */
interface CreatePayload {
  id?: number;
  data?: { id?: number };
  duplicates?: string[];
}

export type BulkUserAction = 'delete' | 'inactive' | 'active';
export type ReportType = 'post' | 'comment' | 'user';

/** A report as the lists read it: enough to moderate its target. */
export interface ReportTarget {
  id: RaRecord['id'];
  type: ReportType;
  post_id?: number | null;
  comment_id?: number | null;
  other_user_id?: number | null;
  /** the target's status now: 'Active' or 'Inactive' */
  userStatusByAdmin?: string | null;
}

/**
 * The moderation call of a report's type (spec §7). It names the target's CURRENT status (spec §4) and
 * the server sets the other one, so a replay of the same call sets the same value.
 */
export function moderationPath(report: ReportTarget): string {
  const status = report.userStatusByAdmin ?? undefined;
  if (report.type === 'post') return `/post/post-report-update${toQuery({ id: report.post_id, reportId: report.id, status })}`;
  const target = report.type === 'comment' ? { comment_id: report.comment_id } : { other_user_id: report.other_user_id };
  return `/user/approveReportByAdmin${toQuery({ reportId: report.id, status, type: report.type, ...target })}`;
}

/** A staff member the audit log's person filter offers. */
export interface AuditPerson {
  id: number;
  name: string;
  email: string;
  user_type: string;
  /** the account has been deleted since (offered as last seen: its entries keep it) */
  deleted?: boolean;
}

/** What a call answers beside its data: the server's message (shown translated). */
interface Said {
  message: string;
}

export interface BackOfficeDataProvider extends DataProvider {
  getStatistics(): Promise<DashboardStatistics>;
  /** a record's history, newest first: the first `limit` entries and how many there are */
  recordHistory(entity: string, id: RaRecord['id'], limit: number, signal?: AbortSignal): Promise<{ data: AuditEntry[]; total: number }>;
  /** the audit log's person filter: staff whose name or email holds `filter`, or the one of `id` */
  auditPeople(query: { filter?: string; id?: RaRecord['id'] }, signal?: AbortSignal): Promise<AuditPerson[]>;
  /** the browser's Google Maps key, or null (the offline route plot then) */
  geoConfig(): Promise<{ browserKey: string | null }>;
  /** address suggestions for what was typed (the offline gazetteer, or Google with a key) */
  placeSuggestions(input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]>;
  place(id: string): Promise<Place>;
  /** the place search page (/chat): its place types, a page of results, saving the chosen ones as spots */
  placeTypes<T>(): Promise<T[]>;
  searchPlaces<T>(params: Record<string, string>): Promise<{ results: T[]; next_page_token: string | null }>;
  savePlaces(places: readonly unknown[]): Promise<{ saved: { id: number; name: string }[]; skipped: number }>;
  /** the AI itineraries page: suggestions for a text and categories, and saving one as an itinerary */
  suggestItineraries<T>(params: Record<string, string>): Promise<T[]>;
  saveItinerary(form: FormData): Promise<Said>;
  /**
   * The signed-in person's own profile (name, password, picture): the user as saved is stored as the
   * session's (with this tab's new tokens when the password changed, which ends every other session).
   */
  updateProfile(form: FormData): Promise<{ user: SessionUser } & Said>;
  /** a declared resource's image upload (POST <list>/image): where it is stored, for its `image` field to name */
  uploadImage(resource: string, file: File): Promise<{ url: string; thumbnailUrl: string }>;
  /**
   * The person's display preferences. `leaving`: the page is going away, so the request must be sent
   * at once (no token refresh first) and outlive the page.
   */
  savePreferences(changes: object, leaving?: boolean): Promise<void>;
  /**
   * the whole list as shown (its search, sort and filters) as the CSV file the server streams; `layout`:
   * the list's columns, headers and words in the admin's language (src/shared/listColumns.ts)
   */
  exportCsv(resource: string, params: Pick<GetListParams, 'sort' | 'filter' | 'meta'>, layout?: ExportLayout): Promise<DownloadedFile>;
  /** a CSV file into a list (issue 35): checked only (`dryRun`) or imported; the report and the server's message */
  importCsv(resource: string, file: File, options: { dryRun: boolean; encoding: string }): Promise<{ report: ImportReport } & Said>;
  /** the guest's forgot / reset password forms */
  forgotPassword(body: { email: string }): Promise<Said>;
  resetPassword(body: { token: string; password: string }): Promise<Said>;
  /** whether a mailed reset link can still set a password (the token in the body; not used up) */
  checkResetLink(token: string): Promise<boolean>;
  moderateReport(report: ReportTarget): Promise<{ status: string; message: string }>;
  changeSequence(resource: string, id: RaRecord['id'], sequence: number): Promise<{ message: string }>;
  bulkUserAction(ids: RaRecord['id'][], action: BulkUserAction): Promise<{ succeedUserIds: number[]; failedUserIds: number[]; message: string }>;
  /** My Profile's sessions: the person's open sessions, this browser's marked `current` */
  mySessions(signal?: AbortSignal): Promise<StaffSession[]>;
  endMySession(id: string): Promise<Said>;
  /** every other session of the person, and this one too when `includeCurrent` */
  endMySessions(includeCurrent: boolean): Promise<Said>;
  /** an Admin signs a staff account out everywhere */
  endStaffSessions(userId: RaRecord['id']): Promise<Said>;
  /** an email template's text (as edited) as its mail reads, filled with sample values for the signed-in person */
  previewEmailTemplate(id: RaRecord['id'], draft: EmailDraft): Promise<MailPreview>;
  /** that mail sent to the signed-in person's own address: where it went */
  testEmailTemplate(id: RaRecord['id'], draft: EmailDraft): Promise<{ to: string } & Said>;
}

/** An email template's subject and HTML body, placeholders and all. */
export interface EmailDraft {
  title: string;
  description: string;
}

/** A template's mail as its recipient reads it (the server's renderer), and who that would be. */
export interface MailPreview {
  subject: string;
  html: string;
  to: string;
}

/** A bulk action: which ids it was done to, which failed, and the server's message. */
async function bulkCall(path: string, ids: readonly RaRecord['id'][], action: BulkUserAction) {
  const res = await call<{ succeedUserIds: number[]; failedUserIds: number[] }>(path, { method: 'POST', ...json({ user_ids: ids, action }) });
  return { ...res.data, message: res.message };
}

/** The moderation desk's calls (a page of its own, not a declared resource: its list speaks its own query). */
export const moderation = moderationCalls(call as Caller);
/** The Trash's calls (issue 35): its list, restore and the Undo of a post's delete. */
export const trash = trashCalls(call as Caller);
/** The lists of pages with calls of their own: react-admin's list and record hooks reach them by this name. */
const OWN_LISTS: Record<string, Pick<typeof moderation | typeof trash, 'getList' | 'getOne'>> = { moderation, trash };

export const dataProvider: BackOfficeDataProvider = {
  async getList(resource, params) {
    if (Object.hasOwn(OWN_LISTS, resource)) return OWN_LISTS[resource].getList(params) as never;
    const row = endpoint(resource);
    const { data } = await call<ListPayload<RaRecord>>(`${row.list}${listQuery(row, params)}`, {
      signal: params.signal,
    });
    // meta.totalExact false: the total is the server's exact-count cap, shown as "1,000+" (ListPagination)
    return { data: data.data as never[], total: data.meta.total, meta: data.meta.totalExact === false ? { totalExact: false } : undefined };
  },
  async getOne(resource, params) {
    if (Object.hasOwn(OWN_LISTS, resource)) return OWN_LISTS[resource].getOne(params) as never;
    const row = endpoint(resource);
    if (!row.one) throw new Error(`No detail endpoint for "${resource}"`);
    const { data } = await call<{ data: RaRecord }>(row.one(params.id), { signal: params.signal });
    return { data: data.data } as never;
  },
  /** One list call per hundred ids (the list's `ids` filter), within the caller's scope of that list. */
  async getMany(resource, params) {
    const row = endpoint(resource);
    const pages = await Promise.all(
      inChunks(params.ids).map(async (ids) => (await call<ListPayload<RaRecord>>(`${row.list}${idsQuery(row, ids)}`, { signal: params.signal })).data.data),
    );
    return { data: pages.flat() as never[] };
  },
  /** The records whose `target` field holds `id`: the list's page with the reference filter (lists that declare one). */
  async getManyReference(resource, params) {
    const row = endpoint(resource);
    const query = `${listQuery(row, params)}&${toQuery({ reference: params.target, reference_id: params.id }).slice(1)}`;
    const { data } = await call<ListPayload<RaRecord>>(`${row.list}${query}`, { signal: params.signal });
    return { data: data.data as never[], total: data.meta.total };
  },
  async create(resource, params) {
    const row = endpoint(resource);
    const res = await call<CreatePayload>(need(row, 'create', resource), {
      method: 'POST',
      ...bodyOf(row, { ...params.data, ...row.createFields }),
    });
    const { id = res.data.data?.id, duplicates = [] } = res.data;
    return { data: { ...params.data, id, duplicates }, meta: { message: res.message } } as never;
  },
  /**
   * Sends the version of the record the form was opened on (`previousData.updated_at`): the server saves
   * only if nobody changed it since (a 409 'recordChanged' otherwise). Answers the record with the new
   * version the server gave it, so that the next save from the same screen is checked against that.
   * `meta.revertOf`: the save restores the values of that History entry, and its own entry says so.
   */
  async update(resource, params) {
    const row = endpoint(resource);
    const version = (params.previousData as { updated_at?: unknown } | undefined)?.updated_at;
    const revertOf = (params.meta as { revertOf?: unknown } | undefined)?.revertOf;
    const body = bodyOf(row, { ...params.data, id: params.id, updated_at: typeof version === 'string' ? version : undefined });
    const res = await call<{ data?: { updated_at?: unknown } }>(need(row, 'update', resource), {
      method: 'POST',
      ...body,
      ...(revertOf === undefined ? {} : { headers: { ...body.headers, 'X-Revert-Of': String(revertOf) } }),
    });
    const saved = res.data?.data?.updated_at;
    return { data: { ...params.data, id: params.id, ...(typeof saved === 'string' ? { updated_at: saved } : {}) }, meta: { message: res.message } } as never;
  },
  /**
   * A status set on several records: one bulk call where the resource has one (the users: active or
   * inactive), else one update each. Answers the ids that were changed.
   */
  async updateMany(resource, params) {
    const row = endpoint(resource);
    const status = (params.data as { status?: unknown }).status;
    if (row.bulk && (status === 'Active' || status === 'Inactive') && Object.keys(params.data).length === 1) {
      return { data: (await bulkCall(row.bulk, params.ids, status === 'Active' ? 'active' : 'inactive')).succeedUserIds as never[] };
    }
    await Promise.all(params.ids.map((id) => dataProvider.update(resource, { id, data: params.data, previousData: { id } as never })));
    return { data: params.ids as never[] };
  },
  async delete(resource, params) {
    const row = endpoint(resource);
    await call(need(row, 'remove', resource)(params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } } as never;
  },
  /** One bulk call where the resource has one (the users), else one delete each. Answers the ids deleted. */
  async deleteMany(resource, params) {
    const row = endpoint(resource);
    if (row.bulk) return { data: (await bulkCall(row.bulk, params.ids, 'delete')).succeedUserIds as never[] };
    await Promise.all(params.ids.map((id) => dataProvider.delete(resource, { id })));
    return { data: params.ids as never[] };
  },
  async changeSequence(resource, id, sequence) {
    const res = await call(need(endpoint(resource), 'sequence', resource), {
      method: 'POST',
      ...json({ id, sequence }),
    });
    return { message: res.message };
  },
  async bulkUserAction(ids, action) {
    return bulkCall(need(endpoint('user'), 'bulk', 'user'), ids, action);
  },
  async moderateReport(report) {
    const res = await call<{ status: string }>(moderationPath(report));
    return { status: res.data.status, message: res.message };
  },
  async geoConfig() {
    return (await call<{ browserKey: string | null }>('/geo/config')).data;
  },
  async placeSuggestions(input, signal) {
    return (await call<{ data: PlaceSuggestion[] }>(`/geo/autocomplete${toQuery({ input })}`, { signal })).data.data;
  },
  async place(id) {
    return (await call<{ data: Place }>(`/geo/place/${encodeURIComponent(id)}`)).data.data;
  },
  async placeTypes<T>() {
    return (await call<{ data: T[] }>('/searchTypes')).data.data;
  },
  async searchPlaces<T>(params: Record<string, string>) {
    return (await call<{ results: T[]; next_page_token: string | null }>(`/googleAPIData${toQuery(params)}`)).data;
  },
  async savePlaces(places) {
    return (await call<{ saved: { id: number; name: string }[]; skipped: number }>('/googleAPIData', { method: 'POST', ...json(places) })).data;
  },
  async suggestItineraries<T>(params: Record<string, string>) {
    return (await call<{ data: T[] }>(`/itinerarySuggestion${toQuery(params)}`)).data.data;
  },
  async saveItinerary(form) {
    return { message: (await call('/post', { method: 'POST', body: form })).message };
  },
  async updateProfile(form: FormData) {
    const { data, message } = await call<ProfileUpdatePayload>('/auth/user/update', { method: 'POST', body: form });
    const token = data.token ?? session.token();
    if (token) session.save(token, data.user, data.refresh_token);
    return { user: data.user, message };
  },
  async uploadImage(resource, file) {
    const form = new FormData();
    form.append('image', file);
    return (await call<{ url: string; thumbnailUrl: string }>(`${endpoint(resource).list}/image`, { method: 'POST', body: form })).data;
  },
  async importCsv(resource, file, { dryRun, encoding }) {
    const form = new FormData();
    form.append('file', file);
    const query = new URLSearchParams({ dry_run: String(dryRun), encoding });
    const { data, message } = await call<ImportReport>(`${endpoint(resource).list}/import?${query}`, { method: 'POST', body: form });
    return { report: data, message };
  },
  async exportCsv(resource, params, layout) {
    const row = endpoint(resource);
    await ensureFreshToken();
    const { fetchFile } = await import('./fileDownload');
    return fetchFile(`${row.list}${listQuery(row, params)}&format=csv${layout ? `&columns=${encodeURIComponent(JSON.stringify(layout))}` : ''}`);
  },
  async savePreferences(changes, leaving = false) {
    const options = { method: 'POST', ...json(changes), keepalive: leaving } as fetchUtils.Options;
    await (leaving ? apiFetch('/auth/user/preferences', options) : call('/auth/user/preferences', options));
  },
  async forgotPassword(body) {
    return { message: (await apiFetch('/auth/forgot-password', { method: 'POST', ...json(body) })).message };
  },
  async resetPassword(body) {
    return { message: (await apiFetch('/auth/reset-password', { method: 'POST', ...json(body) })).message };
  },
  async checkResetLink(token) {
    return (await apiFetch<{ valid: boolean }>('/auth/reset-password/check', { method: 'POST', ...json({ token }) })).data.valid;
  },
  async getStatistics() {
    const { data } = await call<DashboardStatistics>('/user/user-statistics');
    return data;
  },
  async recordHistory(entity, id, limit, signal) {
    const { data } = await call<ListPayload<AuditEntry>>(`/audit/${encodeURIComponent(entity)}/${encodeURIComponent(String(id))}${toQuery({ page: 0, limit })}`, { signal });
    return { data: data.data, total: data.meta.total };
  },
  async mySessions(signal) {
    return (await call<{ sessions: StaffSession[] }>('/auth/sessions', { signal })).data.sessions;
  },
  async endMySession(id) {
    return { message: (await call(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' })).message };
  },
  async endMySessions(includeCurrent) {
    return { message: (await call('/auth/sessions/end-all', { method: 'POST', ...json({ include_current: includeCurrent }) })).message };
  },
  async previewEmailTemplate(id, draft) {
    return (await call<MailPreview>(`/email-template/${encodeURIComponent(String(id))}/preview`, { method: 'POST', ...json(draft) })).data;
  },
  async testEmailTemplate(id, draft) {
    const res = await call<{ to: string }>(`/email-template/${encodeURIComponent(String(id))}/test`, { method: 'POST', ...json(draft) });
    return { ...res.data, message: res.message };
  },
  async endStaffSessions(userId) {
    return { message: (await call(`/user/sessions/${encodeURIComponent(String(userId))}`, { method: 'DELETE' })).message };
  },
  async auditPeople({ filter, id }, signal) {
    return (await call<{ data: AuditPerson[] }>(`/audit/people${toQuery({ filter: filter || undefined, id: id === undefined ? undefined : String(id) })}`, { signal })).data.data;
  },
};
