// The moderation desk's calls (issue 34, /api/moderation/…): its cases as a react-admin list and record
// (the dataProvider's `moderation` resource), and the actions on a case. The desk is a page of its own,
// not a declared resource (its calls and rows are its own), asked as the house's lists are.
import type { GetListParams, GetListResult, GetOneParams, GetOneResult, RaRecord } from 'react-admin';
import type { AuditEntry } from '@shared/audit';
import type { ListPayload } from '@shared/contract';
import { type EndpointRow, listQuery } from './listQuery';

export type CaseKind = 'post' | 'comment' | 'user';
export type CaseStatus = 'open' | 'decided' | 'appealed' | 'closed';
export type DecisionAction = 'dismiss' | 'warn' | 'hide' | 'suspend' | 'ban';
export const DECISION_ACTIONS: readonly DecisionAction[] = ['dismiss', 'warn', 'hide', 'suspend', 'ban'];
/** The decisions a case's kind takes: a user is not hidden (suspended or banned instead). */
export const decisionsFor = (kind: CaseKind): readonly DecisionAction[] => (kind === 'user' ? DECISION_ACTIONS.filter((a) => a !== 'hide') : DECISION_ACTIONS);
export type AppealOutcome = 'upheld' | 'reversed';

export interface Person {
  id: number;
  name: string;
}

/** A case as the desk's list answers it. */
export interface ModerationCase extends RaRecord {
  id: number;
  kind: CaseKind;
  target_id: number;
  status: CaseStatus;
  preview: { title: string | null; text: string | null; picture: string | null; author: Person | null };
  report_count: number;
  reporter_count: number;
  reasons: string | null;
  first_reported_at: string;
  last_reported_at: string;
  priority: number;
  holder: Person | null;
  held_until: string | null;
  decision: null | {
    action: DecisionAction;
    reason: string;
    message: string | null;
    suspend_days: number | null;
    suspended_until: string | null;
    by: Person;
    at: string;
  };
  appeal: null | { text: string; at: string; until: string | null; outcome: AppealOutcome | null; by: Person | null; decided_at: string | null };
  version: number;
}

/** One report of a case, with its reporter's accuracy (the share of their decided reports upheld). */
export interface CaseReport {
  id: number;
  created_at: string;
  reason: string | null;
  category: { id: number; name: string; weight: number } | null;
  reporter: Person & { accuracy: number | null; decided: number };
}

export interface CaseNote {
  id: number;
  author: Person;
  body: string;
  created_at: string;
}

/** A case with its reports, notes and history (GET /moderation/cases/:id). */
export interface CaseDetail extends ModerationCase {
  reports: CaseReport[];
  notes: CaseNote[];
  history: AuditEntry[];
}

export type ModerationAlert = { kind: 'case'; id: number; priority: number; at: string } | { kind: 'subadminRequest'; id: number; name: string; at: string };

/** The desk's figures (GET /moderation/summary): the menu badge, the app-bar alerts and the dashboard tiles. */
export interface ModerationSummary {
  open: number;
  oldestOpenAt: string | null;
  medianDecisionSeconds7d: number | null;
  alerts: ModerationAlert[];
}

export interface DecisionInput {
  action: DecisionAction;
  reason: string;
  message?: string;
  days?: number;
  version: number;
}

/** What a call needs from the dataProvider: its authorised request (token refreshed first). */
export type Caller = <T>(path: string, options?: RequestInit) => Promise<{ data: T; message: string }>;

/** The desk's order until the person picks another: the most urgent first. */
export const BY_PRIORITY = { field: 'priority', order: 'DESC' } as const;

/**
 * The desk's list call, as the house's lists are asked (DESIGN.md §3: 0-based page, limit, `filter` for
 * the search, `order` JSON), its filters each a query parameter of the same name ('open' cases unless
 * `status` says otherwise).
 */
export const CASE_LIST: EndpointRow = {
  list: '/moderation/cases',
  pageBase: 0,
  defaultOrder: { direction: 'DESC', name: 'priority', type: 'default' },
  filters: ['kind', 'reason', 'status', 'holder', 'age'],
};

const jsonBody = (value: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });
const casePath = (id: RaRecord['id'], action = '') => `/moderation/cases/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;

/** The desk's calls over the dataProvider's authorised request. */
export function moderationCalls(call: Caller) {
  return {
    async getList(params: Partial<GetListParams>): Promise<GetListResult<ModerationCase>> {
      const { data } = await call<ListPayload<ModerationCase>>(`${CASE_LIST.list}${listQuery(CASE_LIST, params)}`, { signal: params.signal });
      return { data: data.data, total: data.meta.total };
    },
    async getOne(params: GetOneParams): Promise<GetOneResult<CaseDetail>> {
      const { data } = await call<{ data: CaseDetail }>(casePath(params.id), { signal: params.signal });
      return { data: data.data };
    },
    summary: async (signal?: AbortSignal) => (await call<ModerationSummary>('/moderation/summary', { signal })).data,
    claim: async (id: RaRecord['id']) => (await call<{ data: ModerationCase }>(casePath(id, 'claim'), jsonBody({}))).data.data,
    release: async (id: RaRecord['id']) => (await call<{ data: ModerationCase }>(casePath(id, 'release'), jsonBody({}))).data.data,
    assign: async (id: RaRecord['id'], userId: number) => (await call<{ data: ModerationCase }>(casePath(id, 'assign'), jsonBody({ userId }))).data.data,
    addNote: async (id: RaRecord['id'], body: string) => (await call<{ data: CaseNote }>(casePath(id, 'notes'), jsonBody({ body }))).data.data,
    decide: async (id: RaRecord['id'], input: DecisionInput) => (await call<{ data: ModerationCase }>(casePath(id, 'decision'), jsonBody(input))).data.data,
    decideAppeal: async (id: RaRecord['id'], input: { outcome: AppealOutcome; message?: string }) =>
      (await call<{ data: ModerationCase }>(casePath(id, 'appeal-decision'), jsonBody(input))).data.data,
  };
}

export type ModerationCalls = ReturnType<typeof moderationCalls>;
