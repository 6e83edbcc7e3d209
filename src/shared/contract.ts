// The wire contract of DESIGN.md §3: envelope, list parameters, entity shapes shared by both sides.
import type { PermissionName, Role, UserStatus } from './roles';
import type { Preferences } from './preferences';

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/** One item: `data.data`; a list: `data.data` + `data.meta`. */
export interface ItemPayload<T> {
  data: T;
}
export interface ListMeta {
  total: number;
  page: number;
  limit: number;
  /** false when a search matched more rows than are counted exactly: `total` is then that cap (shown as "1,000+") */
  totalExact?: false;
}
export interface ListPayload<T> {
  data: T[];
  meta: ListMeta;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export type SortDirection = 'ASC' | 'DESC';
export interface ListOrder {
  direction: SortDirection;
  name: string;
  type: 'default';
}

/** Parses the `order` query text; returns null when absent, throws on malformed JSON. */
export function parseOrder(text: string | undefined | null): ListOrder | null {
  if (text === undefined || text === null || text === '') return null;
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('invalid order');
  const value = parsed as Partial<ListOrder>;
  const direction = String(value.direction ?? 'ASC').toUpperCase();
  if (typeof value.name !== 'string' || (direction !== 'ASC' && direction !== 'DESC')) {
    throw new Error('invalid order');
  }
  return { direction, name: value.name, type: 'default' };
}

export interface RolePermissionGrant {
  permission: { description: PermissionName | string };
}

/** The signed-in user as returned by login / refresh (spec §3 "Signed-in user"). */
export interface SessionUser {
  id: number;
  name: string;
  displayName: string;
  email: string;
  phone: string | null;
  photoURL: string;
  profile_pic: string | null;
  role: Role;
  user_type: Role;
  status: UserStatus;
  shortcuts: string[];
  /** theme settings (src/shared/preferences.ts) */
  preferences: Preferences;
  roles: { name: Role; roleHasPermissions: RolePermissionGrant[] }[];
  permissions: string[];
}

export interface LoginPayload {
  token: string;
  refresh_token: string;
  expires_in: number;
  user: SessionUser;
}

/** What a profile change answers: the person, and a new session when the password changed. */
/** One of the signed-in person's open sessions (My Profile; GET /api/auth/sessions). */
export interface StaffSession {
  id: string;
  /** "Chrome 131 on Linux"; '' when the sign-in sent no user agent the server recognised */
  device: string;
  /** the address it signed in from */
  ip: string;
  started_at: string;
  last_used_at: string;
  /** the session of the browser asking */
  current: boolean;
}

export interface ProfileUpdatePayload {
  user: SessionUser;
  token?: string;
  refresh_token?: string;
}

export interface DashboardStatistics {
  user: number;
  userByStatus: { status: UserStatus; count: number }[];
  spot: number;
  post: number;
  itinerary: number;
  categoriescount: number;
  tag: number;
  report: number;
  /** the reports still to handle (state Pending), of every type */
  reportPending: number;
  /** the same per type of report, each the total of its list filtered to Pending */
  reportPendingByType: { type: 'post' | 'comment' | 'user'; count: number }[];
  /** the moderation desk (issue 34): open cases, the oldest one's first report, the median seconds to decision over 7 days */
  moderationOpen: number;
  moderationOldestOpenAt: string | null;
  moderationMedianDecisionSeconds: number | null;
}

/** The statistics a dashboard card shows as its figure (the lists are its chips). */
export type DashboardFigure = keyof Omit<DashboardStatistics, 'userByStatus' | 'reportPendingByType' | 'moderationOldestOpenAt' | 'moderationMedianDecisionSeconds'>;

/**
 * The date pattern of each language: the spec's MM/DD/yyyy in English (spec §2/§9), the day first in
 * Turkish (dd.MM.yyyy) and Arabic (dd/MM/yyyy, Latin digits as the rest of the product shows them).
 */
export const DATE_PATTERNS = { en: 'MM/dd/yyyy', tr: 'dd.MM.yyyy', ar: 'dd/MM/yyyy' } as const;
export type DateLanguage = keyof typeof DATE_PATTERNS;
const datePattern = (language: string) => DATE_PATTERNS[language as DateLanguage] ?? DATE_PATTERNS.en;

/** A date in a language's pattern: every date shown in lists, details and History (spec: MM/DD/yyyy in English). */
export function formatDate(value: string | Date | null | undefined, language = 'en'): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return datePattern(language).replace('MM', two(d.getMonth() + 1)).replace('dd', two(d.getDate())).replace('yyyy', String(d.getFullYear()));
}

/** A date typed in a language's pattern ('26.11.2026' in Turkish) as yyyy-MM-dd, or null when it is not one. */
export function parseDate(typed: string, language = 'en'): string | null {
  const pattern = datePattern(language);
  const parts = typed.trim().split(/[./-]/);
  const order = pattern.split(/[./]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const at = (name: string) => Number(parts[order.indexOf(name)]);
  const [y, m, d] = [at('yyyy'), at('MM'), at('dd')];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Languages whose times read on a 12-hour clock ("09:30 PM"); the others read 21:30. */
const TWELVE_HOURS: readonly string[] = ['en'];

/**
 * A moment as a form keeps it ('2026-11-26T21:30', a datetime-local value: no time zone) in a language's
 * pattern: "26.11.2026 21:30" in Turkish, "26/11/2026 21:30" in Arabic, "11/26/2026 09:30 PM" in English.
 */
export function formatDateTime(local: string | null | undefined, language = 'en'): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(local ?? '');
  if (!match) return '';
  const [, day, hh, mm] = match;
  const hour = Number(hh);
  const time = TWELVE_HOURS.includes(language) ? `${String(hour % 12 || 12).padStart(2, '0')}:${mm} ${hour < 12 ? 'AM' : 'PM'}` : `${hh}:${mm}`;
  return `${formatDate(`${day}T00:00:00`, language)} ${time}`;
}

/**
 * A moment typed in a language's pattern as 'YYYY-MM-DDTHH:mm', or null when it is none (an impossible
 * day or time). A 24-hour time is taken in every language; AM / PM too.
 */
export function parseDateTime(typed: string, language = 'en'): string | null {
  const match = /^(\S+)\s+(\d{1,2})[:.](\d{2})\s*([AaPp][Mm])?$/.exec(typed.trim());
  const day = match && parseDate(match[1], language);
  if (!match || !day) return null;
  const [hour, minute, half] = [Number(match[2]), Number(match[3]), match[4]?.toUpperCase()];
  if (minute > 59 || (half ? hour < 1 || hour > 12 : hour > 23)) return null;
  const hours = half ? (hour % 12) + (half === 'PM' ? 12 : 0) : hour;
  return `${day}T${String(hours).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A place as the spot and post forms store it (spec §3: choosing a place fills these). */
export interface Place {
  name: string;
  /** one line: "Istanbul, Istanbul, Türkiye" */
  address: string;
  latitude: number;
  longitude: number;
  city: string | null;
  state: string | null;
  country: string | null;
  post_code: string | null;
  /** set when the place is one of the product's spots: a form may link that spot instead of adding a copy */
  spotId?: number;
  /** that spot's picture, if it has one */
  image?: string | null;
}

/** One address suggestion: `id` is opaque, given back to GET /api/geo/place/{id} for the details. */
export interface PlaceSuggestion {
  id: string;
  description: string;
}

/**
 * What a right password answers for an account with two-factor sign-in (or one the staff policy sends to
 * enrol): no tokens, a short-lived single-use challenge for the second step.
 */
export interface SignInChallenge {
  two_factor: 'verify' | 'enrol';
  challenge: string;
  expires_in: number;
}

/** The sign-in answer: a session, or the second step it waits for. */
export type LoginAnswer = LoginPayload | SignInChallenge;

/** A new authenticator key: scanned as a QR code or typed from `secret`. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
  /** an SVG picture of the QR code, as a data: URL */
  qr: string;
}

/** The signed-in person's two-factor state (My Profile). */
export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
  /** the staff policy asks for it */
  required: boolean;
  /** when the policy's grace period ends (ISO), null without a policy */
  enrol_by: string | null;
}

/** The Admin's staff policy. */
export interface TwoFactorPolicy {
  required: boolean;
  grace_days: number;
  /** when the policy was switched on (ISO), null when off */
  since: string | null;
}
