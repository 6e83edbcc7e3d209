// The refusal matrix: every operation of the OpenAPI document, called by every kind of caller
// (anonymous, forged tokens, a plain User, a Sub-Admin with no permission, with each single permission,
// a pending Sub-Admin, the Admin). Whoever the rule below does not let in gets a 401 (no valid staff
// session) or a 403 (signed in, not allowed), and nothing changes; whoever it lets in is never refused.
// The rules are written here from spec §6, independently of src/shared/access.ts, and a documented
// operation missing from this table fails the test.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@shared/access';
import { ACCESS_ENTRIES, type AccessDeclaration, RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { testFaq } from '../support/faq';
import { notice } from '../support/notice';
import { typed } from '../support/typed';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

/** public: anyone; profile: any staff member, pending included; staff: any Active staff; admin: Admins only. */
type Rule = 'public' | 'profile' | 'staff' | 'admin' | Permission[];
interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  /** as the OpenAPI document names it */
  path: string;
  /** what is called (ids that do not exist, so an allowed call changes nothing) */
  url?: string;
  rule: Rule;
  body?: object;
}

const NONE = 999_999;
/** The registry, with the README's throwaway FAQ resource added as a developer would add a resource. */
const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, testFaq, notice, typed];
const PLACES: Permission[] = ['Spot-list', 'Post-list', 'Itinerary-list'];
const OPERATIONS: Operation[] = [
  { method: 'GET', path: '/api/health', rule: 'public' },
  // no session needed: METRICS_TOKEN or a caller on this machine, as these are (tests/api/metrics.test.ts)
  { method: 'GET', path: '/api/metrics', rule: 'public' },
  { method: 'POST', path: '/api/auth/login', rule: 'public', body: { email: 'nobody@example.com', password: 'whatever', is_web: '1' } },
  { method: 'POST', path: '/api/auth/refresh-token', rule: 'public', body: { token: 'nope' } },
  { method: 'GET', path: '/api/auth/refresh-token', url: '/api/auth/refresh-token?token=nope', rule: 'public' },
  { method: 'GET', path: '/api/auth/access-token', url: '/api/auth/access-token?token=nope', rule: 'public' },
  { method: 'POST', path: '/api/auth/register', rule: 'public', body: {} },
  { method: 'POST', path: '/api/auth/forgot-password', rule: 'public', body: { email: 'nobody@example.com' } },
  { method: 'POST', path: '/api/auth/reset-password', rule: 'public', body: { token: 'nope', password: 'Whatever1' } },
  { method: 'POST', path: '/api/auth/reset-password/check', rule: 'public', body: { token: 'nope' } },
  { method: 'POST', path: '/api/auth/user/preferences', rule: 'profile', body: {} },
  { method: 'POST', path: '/api/auth/user/update', rule: 'profile', body: {} },
  { method: 'GET', path: '/api/auth/sessions', rule: 'profile' },
  { method: 'DELETE', path: '/api/auth/sessions/{id}', url: '/api/auth/sessions/none', rule: 'profile' },
  { method: 'POST', path: '/api/auth/sessions/end-all', rule: 'profile', body: {} },
  // an edit dialog's presence (live updates): any staff member, for what it may read (a page of its own here)
  { method: 'POST', path: '/api/events/editing', rule: 'profile', body: { resource: 'profile', id: 1, editing: false } },
  { method: 'DELETE', path: '/api/user/sessions/{id}', url: `/api/user/sessions/${NONE}`, rule: 'admin' },
  // two-factor sign-in: the sign-in's second step needs its challenge, not a session
  { method: 'POST', path: '/api/auth/login/verify', rule: 'public', body: { challenge: 'x'.repeat(43), code: '123456' } },
  { method: 'POST', path: '/api/auth/login/enrol', rule: 'public', body: { challenge: 'x'.repeat(43) } },
  { method: 'POST', path: '/api/auth/login/enrol/confirm', rule: 'public', body: { challenge: 'x'.repeat(43), code: '123456' } },
  { method: 'GET', path: '/api/auth/two-factor', rule: 'profile' },
  { method: 'POST', path: '/api/auth/two-factor/setup', rule: 'profile', body: {} },
  { method: 'POST', path: '/api/auth/two-factor/enable', rule: 'profile', body: {} },
  { method: 'POST', path: '/api/auth/two-factor/disable', rule: 'profile', body: {} },
  { method: 'GET', path: '/api/two-factor/policy', rule: 'admin' },
  { method: 'POST', path: '/api/two-factor/policy', rule: 'admin', body: {} },
  { method: 'POST', path: '/api/user/two-factor-reset/{id}', url: `/api/user/two-factor-reset/${NONE}`, rule: 'admin' },
  { method: 'GET', path: '/api/user/user-statistics', rule: 'staff' },
  { method: 'GET', path: '/api/user', url: '/api/user?user_type=User', rule: ['User-list', 'Post-list', 'Itinerary-list'] },
  { method: 'GET', path: '/api/user', url: '/api/user?user_type=Sub-Admin', rule: ['SubAdmin-list'] },
  { method: 'POST', path: '/api/user', rule: ['User-list', 'SubAdmin-list'], body: {} },
  { method: 'GET', path: '/api/user/login/{id}', url: `/api/user/login/${NONE}`, rule: ['User-list', 'SubAdmin-list'] },
  { method: 'POST', path: '/api/user/update-user', rule: ['User-list', 'SubAdmin-list'], body: {} },
  { method: 'DELETE', path: '/api/user/delete/{id}', url: `/api/user/delete/${NONE}`, rule: ['User-list', 'SubAdmin-list'] },
  { method: 'POST', path: '/api/user/sequence/change', rule: ['User-list'], body: { id: NONE, sequence: 1 } },
  { method: 'POST', path: '/api/user/bulk-action', rule: ['User-list'], body: { user_ids: [NONE], action: 'inactive' } },
  { method: 'GET', path: '/api/category', rule: ['Categories-list', 'Post-list', 'Itinerary-list'] },
  { method: 'POST', path: '/api/category/create', rule: ['Categories-list'], body: {} },
  { method: 'POST', path: '/api/category/update', rule: ['Categories-list'], body: {} },
  { method: 'DELETE', path: '/api/category/delete/{id}', url: `/api/category/delete/${NONE}`, rule: ['Categories-list'] },
  { method: 'GET', path: '/api/tag', rule: ['Tags-list', 'Post-list', 'Itinerary-list'] },
  { method: 'POST', path: '/api/tag/create', rule: ['Tags-list'], body: {} },
  { method: 'POST', path: '/api/tag/update', rule: ['Tags-list'], body: {} },
  { method: 'DELETE', path: '/api/tag/delete/{id}', url: `/api/tag/delete/${NONE}`, rule: ['Tags-list'] },
  { method: 'GET', path: '/api/reportCategory', rule: ['Report-list'] },
  { method: 'POST', path: '/api/reportCategory/create', rule: ['Report-list'], body: {} },
  { method: 'POST', path: '/api/reportCategory/update', rule: ['Report-list'], body: {} },
  { method: 'DELETE', path: '/api/reportCategory/delete/{id}', url: `/api/reportCategory/delete/${NONE}`, rule: ['Report-list'] },
  { method: 'GET', path: '/api/email-template', rule: ['EmailTemplate-list'] },
  { method: 'POST', path: '/api/email-template', rule: ['EmailTemplate-list'], body: {} },
  // a template that does not exist: whoever is let in gets a 404, and no test mail is sent
  { method: 'POST', path: '/api/email-template/{id}/preview', url: `/api/email-template/${NONE}/preview`, rule: ['EmailTemplate-list'], body: { title: 'Hi', description: '<p>Hi</p>' } },
  { method: 'POST', path: '/api/email-template/{id}/test', url: `/api/email-template/${NONE}/test`, rule: ['EmailTemplate-list'], body: { title: 'Hi', description: '<p>Hi</p>' } },
  { method: 'GET', path: '/api/page', rule: 'admin' },
  { method: 'POST', path: '/api/page', rule: 'admin', body: {} },
  { method: 'DELETE', path: '/api/page/delete/{id}', url: `/api/page/delete/${NONE}`, rule: 'admin' },
  { method: 'GET', path: '/api/geo/config', rule: PLACES },
  { method: 'GET', path: '/api/geo/autocomplete', url: '/api/geo/autocomplete?input=ist', rule: PLACES },
  { method: 'GET', path: '/api/geo/place/{id}', url: '/api/geo/place/nothing', rule: PLACES },
  { method: 'GET', path: '/api/geo/geocode', url: '/api/geo/geocode?address=Istanbul', rule: PLACES },
  { method: 'GET', path: '/api/geo/reverse', url: '/api/geo/reverse?lat=41&lng=29', rule: PLACES },
  { method: 'GET', path: '/api/spot', rule: ['Spot-list'] },
  { method: 'POST', path: '/api/spot', rule: ['Spot-list'], body: {} },
  // the CSV imports of the hand-served lists (issue 35): their create's rule
  { method: 'POST', path: '/api/spot/import', rule: ['Spot-list'], body: {} },
  { method: 'POST', path: '/api/user/import', rule: ['User-list'], body: {} },
  { method: 'DELETE', path: '/api/spot/delete/{id}', url: `/api/spot/delete/${NONE}`, rule: ['Spot-list'] },
  { method: 'GET', path: '/api/post', url: '/api/post?type=post', rule: ['Post-list'] },
  { method: 'GET', path: '/api/post', url: '/api/post?type=itinerary', rule: ['Itinerary-list'] },
  { method: 'POST', path: '/api/post', rule: 'admin', body: {} },
  { method: 'GET', path: '/api/post/{id}', url: `/api/post/${NONE}`, rule: ['Post-list', 'Itinerary-list'] },
  { method: 'POST', path: '/api/post/createUpdateAdminPost', rule: ['Post-list', 'Itinerary-list'], body: {} },
  { method: 'POST', path: '/api/post/sequence/change', rule: ['Post-list', 'Itinerary-list'], body: { id: NONE, sequence: 1 } },
  { method: 'DELETE', path: '/api/post/adminPostDelete/{id}', url: `/api/post/adminPostDelete/${NONE}`, rule: ['Post-list', 'Itinerary-list'] },
  { method: 'DELETE', path: '/api/post/delete/{id}', url: `/api/post/delete/${NONE}`, rule: ['Post-list', 'Itinerary-list'] },
  { method: 'POST', path: '/api/post/undoDelete/{id}', url: `/api/post/undoDelete/${NONE}`, rule: ['Post-list', 'Itinerary-list'], body: {} },
  { method: 'GET', path: '/api/trash', rule: 'admin' },
  { method: 'POST', path: '/api/trash/restore', rule: 'admin', body: { ids: [NONE] } },
  { method: 'GET', path: '/api/user/reports', url: '/api/user/reports?type=post', rule: ['Report-list'] },
  { method: 'GET', path: '/api/user/reports-detail/{id}', url: `/api/user/reports-detail/${NONE}`, rule: ['Report-list'] },
  { method: 'GET', path: '/api/post/post-report-update', url: `/api/post/post-report-update?id=${NONE}&reportId=${NONE}`, rule: ['Report-list'] },
  { method: 'GET', path: '/api/user/report-update', url: `/api/user/report-update?id=${NONE}&status=Inactive`, rule: ['Report-list'] },
  { method: 'GET', path: '/api/user/approveReportByAdmin', url: `/api/user/approveReportByAdmin?reportId=${NONE}&status=Active&type=user`, rule: ['Report-list'] },
  // the moderation desk (issue 34): Report-list; assigning a case is an Admin's
  { method: 'GET', path: '/api/moderation/cases', rule: ['Report-list'] },
  { method: 'GET', path: '/api/moderation/summary', rule: ['Report-list'] },
  { method: 'GET', path: '/api/moderation/cases/{id}', url: `/api/moderation/cases/${NONE}`, rule: ['Report-list'] },
  { method: 'POST', path: '/api/moderation/cases/{id}/claim', url: `/api/moderation/cases/${NONE}/claim`, rule: ['Report-list'], body: {} },
  { method: 'POST', path: '/api/moderation/cases/{id}/release', url: `/api/moderation/cases/${NONE}/release`, rule: ['Report-list'], body: {} },
  { method: 'POST', path: '/api/moderation/cases/{id}/assign', url: `/api/moderation/cases/${NONE}/assign`, rule: 'admin', body: { userId: NONE } },
  { method: 'POST', path: '/api/moderation/cases/{id}/notes', url: `/api/moderation/cases/${NONE}/notes`, rule: ['Report-list'], body: { body: 'hello' } },
  // the moderation desk's decisions (issue 34): a case that does not exist, so whoever is let in gets a 404
  { method: 'POST', path: '/api/moderation/cases/{id}/decision', url: `/api/moderation/cases/${NONE}/decision`, rule: ['Report-list'], body: { action: 'dismiss', reason: 'x', version: 1 } },
  { method: 'POST', path: '/api/moderation/cases/{id}/appeal-decision', url: `/api/moderation/cases/${NONE}/appeal-decision`, rule: ['Report-list'], body: { outcome: 'upheld' } },
  // saved views (issue 35): any Active staff member; a list's views and a new one follow the list's rule;
  // a view that does not exist is a 404 for whoever is let in
  { method: 'GET', path: '/api/views', url: '/api/views?resource=post', rule: ['Post-list'] },
  { method: 'GET', path: '/api/views/{id}', url: `/api/views/${NONE}`, rule: 'staff' },
  { method: 'POST', path: '/api/views', rule: ['Tags-list'], body: { resource: 'tag', name: 'Matrix', state: { filter: {}, sort: { field: 'id', order: 'DESC' }, perPage: 10, columns: null } } },
  { method: 'POST', path: '/api/views/{id}', url: `/api/views/${NONE}`, rule: 'staff', body: { name: 'Renamed' } },
  { method: 'DELETE', path: '/api/views/{id}', url: `/api/views/${NONE}`, rule: 'staff' },
  // bulk edit (issue 35): a change needs the single edit's rule (a record that does not exist changes nothing);
  // a job is its owner's, so another's or none is a 404 for whoever is let in
  { method: 'POST', path: '/api/bulk/{resource}', url: '/api/bulk/post', rule: ['Post-list'], body: { change: { field: 'is_public', value: false }, ids: [NONE] } },
  { method: 'GET', path: '/api/bulk/jobs', rule: 'staff' },
  { method: 'GET', path: '/api/bulk/jobs/{id}', url: `/api/bulk/jobs/${NONE}`, rule: 'staff' },
  { method: 'POST', path: '/api/bulk/jobs/{id}/undo', url: `/api/bulk/jobs/${NONE}/undo`, rule: 'staff', body: {} },
  { method: 'GET', path: '/api/searchTypes', rule: 'admin' },
  { method: 'GET', path: '/api/googleAPIData', url: '/api/googleAPIData?query=museum%20in%20Paris', rule: 'admin' },
  { method: 'POST', path: '/api/googleAPIData', rule: 'admin', body: [] },
  { method: 'GET', path: '/itinerarySuggestion', url: '/itinerarySuggestion?search=x&category_ids=[]', rule: 'admin' },
  { method: 'GET', path: '/api/itinerarySuggestion', url: '/api/itinerarySuggestion?search=x&category_ids=[]', rule: 'admin' },
  { method: 'GET', path: '/api/audit', rule: 'admin' },
  { method: 'GET', path: '/api/audit/people', url: '/api/audit/people?filter=a', rule: 'admin' },
  // a record's history is read with the rule of its kind of record (an account that is not there: Admins only)
  { method: 'GET', path: '/api/audit/{entity}/{id}', url: `/api/audit/category/${NONE}`, rule: ['Categories-list'] },
  { method: 'GET', path: '/api/audit/{entity}/{id}', url: `/api/audit/comment/${NONE}`, rule: ['Report-list'] },
  { method: 'GET', path: '/api/audit/{entity}/{id}', url: `/api/audit/itinerary/${NONE}`, rule: ['Itinerary-list'] },
  { method: 'GET', path: '/api/audit/{entity}/{id}', url: `/api/audit/user/${NONE}`, rule: 'admin' },
  ...REGISTRY.filter((r) => r.storage).flatMap(plainOperations),
  // last: it signs each caller's session out
  { method: 'POST', path: '/api/auth/logout', rule: 'public', body: { refresh_token: 'nope' } },
];

/**
 * The calls of a plain resource (one served from its declaration alone): its rule is its declaration's,
 * the only place a resource added that way has one.
 */
function plainOperations(resource: ResourceDeclaration): Operation[] {
  const ruleOf = (r: AccessDeclaration['rule']): Rule => (r === 'admin' || r === 'staff' ? r : [r as Permission]);
  const rule = ruleOf(resource.rule);
  // its list is also open to the users of its readers (a picker's list)
  const readers = (resource.readers ?? []).map((name) => ruleOf((ACCESS_ENTRIES as readonly AccessDeclaration[]).find((e) => e.name === name)!.rule));
  const listRule = readers.reduce<Rule>(
    (a, b) => (a === 'staff' || b === 'staff' ? 'staff' : a === 'admin' ? b : b === 'admin' ? a : [...(a as Permission[]), ...(b as Permission[])]),
    rule,
  );
  const { api } = resource;
  const at = (path: string) => `/api${path}`;
  const withId = (path: string) => ({ path: at(path).replace(':id', '{id}'), url: at(path).replace(':id', String(NONE)) });
  return [
    { method: 'GET', path: at(api.list), rule: listRule },
    ...(api.one ? [{ method: 'GET', ...withId(api.one), rule } as const] : []),
    ...(api.create ? [{ method: 'POST', path: at(api.create), rule, body: {} } as const] : []),
    ...(api.update ? [{ method: 'POST', path: at(api.update), rule, body: { id: NONE } } as const] : []),
    ...(api.remove ? [{ method: 'DELETE', ...withId(api.remove), rule } as const] : []),
    // the upload call of a resource with an image field
    ...(Object.values(resource.fields).some((f) => f.type === 'image') ? [{ method: 'POST', path: at(`${api.list}/image`), rule, body: {} } as const] : []),
    // its CSV import (issue 35): whoever may create
    ...(resource.import ? [{ method: 'POST', path: at(`${api.list}/import`), rule, body: {} } as const] : []),
  ];
}

interface Caller {
  name: string;
  token: string | null;
  role: 'none' | 'Admin' | 'Sub-Admin';
  status?: string;
  permissions: string[];
}

function allowed(rule: Rule, c: Caller): boolean {
  if (rule === 'public') return true;
  if (c.role === 'none') return false;
  if (c.role === 'Admin') return true;
  if (rule === 'profile') return true;
  if (c.status !== 'Active' || rule === 'admin') return false;
  if (rule === 'staff') return true;
  return rule.some((p) => c.permissions.includes(p));
}

describe.each(dialects)('refusal matrix on %s', (dialect) => {
  let t: TestApp;
  const callers: Caller[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: REGISTRY });
    const password = 'Str0ng@Pass';
    const sign = async (email: string, permissions: string[], status = 'Active') => {
      await createUser(t, { email, password, user_type: 'Sub-Admin', permissions, status });
      return (await loginAs(t, email, password)).token;
    };
    const userId = await createUser(t, { email: 'plain@example.com', password, user_type: 'User' });
    const wrongKey = new TextEncoder().encode('not-the-server-secret-at-all-000000');
    callers.push(
      { name: 'anonymous', token: null, role: 'none', permissions: [] },
      { name: 'garbage token', token: 'abc.def.ghi', role: 'none', permissions: [] },
      {
        name: 'token signed with another key',
        token: await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('travel-backoffice').setExpirationTime('10m').sign(wrongKey),
        role: 'none',
        permissions: [],
      },
      {
        name: 'unsigned token (alg none)',
        token: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","ver":0,"iss":"travel-backoffice"}').toString('base64url')}.`,
        role: 'none',
        permissions: [],
      },
      // a validly signed token of a plain User: the product's users never pass the staff guard
      { name: 'User', token: (await t.ctx.tokens.signAccess({ userId, version: 0 }, (await t.ctx.tokens.openSession(userId, { ip: '127.0.0.1', userAgent: undefined })).session)).token, role: 'none', permissions: [] },
      { name: 'Sub-Admin without permissions', token: await sign('none@example.com', []), role: 'Sub-Admin', status: 'Active', permissions: [] },
      { name: 'pending Sub-Admin', token: await sign('pending@example.com', [...PERMISSIONS], 'Request Pending'), role: 'Sub-Admin', status: 'Request Pending', permissions: [...PERMISSIONS] },
      { name: 'Admin', token: (await loginAs(t, ADMIN.email, ADMIN.password)).token, role: 'Admin', permissions: [] },
    );
    for (const p of PERMISSIONS) {
      callers.push({ name: `Sub-Admin with ${p}`, token: await sign(`${p.toLowerCase()}@example.com`, [p]), role: 'Sub-Admin', status: 'Active', permissions: [p] });
    }
  });
  afterAll(async () => t.close());

  it('lists every documented operation in the table', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const tabled = new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`));
    expect(documented.filter((op) => !tabled.has(op))).toEqual([]);
    expect([...tabled].filter((op) => !documented.includes(op))).toEqual([]);
  });

  it('refuses everyone the rule does not let in, and lets in everyone it does', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      for (const c of callers) {
        const res = await t.app.inject({
          method: op.method,
          url: op.url ?? op.path,
          headers: c.token ? bearer(c.token) : {},
          ...(op.body !== undefined ? { payload: op.body as object } : {}),
        });
        const status = res.statusCode;
        const expectIn = allowed(op.rule, c);
        const refusedAs = c.role === 'none' ? 401 : 403;
        if (status >= 500) wrong.push(`${c.name}: ${op.method} ${op.url ?? op.path} -> ${status}`);
        else if (expectIn && op.rule !== 'public' && (status === 401 || status === 403)) wrong.push(`${c.name}: ${op.method} ${op.url ?? op.path} -> ${status}, expected to be let in`);
        else if (!expectIn && status !== refusedAs) wrong.push(`${c.name}: ${op.method} ${op.url ?? op.path} -> ${status}, expected ${refusedAs}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
