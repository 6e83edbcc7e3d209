// The screens read the signed-in person through react-admin's hooks (usePermissions, useGetIdentity),
// answered from the stored session from the first render and kept current by the query client
// (authProvider.keepAuthQueriesCurrent): the menu of a Sub-Admin shows only what its permissions open,
// never renders empty while the rights load, and follows a sign-in as another person at once.
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { CoreAdminContext, memoryStore, TestMemoryRouter, useTranslate } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '@admin/i18n/en';
import { visibleMenu } from '@admin/layout/menuItems';
import { authProvider, keepAuthQueriesCurrent } from '@admin/providers/authProvider';
import { session } from '@admin/providers/session';
import { isSignedIn, usePrincipal, useStaffIdentity } from '@admin/providers/useStaff';
import { canAccess } from '@shared/access';
import type { SessionUser } from '@shared/contract';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (sub: number) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const person = (id: number, name: string, role: string, permissions: string[], status = 'Active') =>
  ({ id, name, displayName: name, email: `${id}@example.com`, role, user_type: role, status, permissions, photoURL: '' }) as unknown as SessionUser;

const SPOTS_ONLY = person(7, 'Zeynep Çelik', 'Sub-Admin', ['Spot-list']);
const ADMIN = person(1, 'Chief Admin', 'Admin', []);

/** Every render of the menu: the entries it showed (translated), and the name it greeted. */
let renders: { entries: string[]; name: string | undefined; signedIn: boolean }[] = [];
function MenuProbe() {
  const translate = useTranslate();
  const principal = usePrincipal();
  const name = useStaffIdentity()?.name;
  const entries = visibleMenu((resource) => canAccess(principal, resource)).map((e) => translate(e.title));
  renders.push({ entries, name, signedIn: isSignedIn(principal) });
  return <p>{name ? `${name}: ${entries.join(', ')}` : 'guest'}</p>;
}

function renderProbe() {
  const queryClient = new QueryClient();
  keepAuthQueriesCurrent(queryClient);
  render(
    <TestMemoryRouter>
      <CoreAdminContext store={memoryStore()} queryClient={queryClient} authProvider={authProvider} i18nProvider={polyglotI18nProvider(() => en, 'en')}>
        <MenuProbe />
      </CoreAdminContext>
    </TestMemoryRouter>,
  );
  return queryClient;
}

beforeEach(() => {
  localStorage.clear();
  renders = [];
});
afterEach(cleanup);

describe("the signed-in person, read through react-admin's hooks", () => {
  it("shows a Sub-Admin's menu from the first render: only what its one permission opens", () => {
    session.save(token(7), SPOTS_ONLY, 'refresh');
    renderProbe();
    expect(renders[0]).toEqual({ entries: ['Dashboard', 'Spots', 'Report'], name: 'Zeynep Çelik', signedIn: true });
    expect(screen.getByText('Zeynep Çelik: Dashboard, Spots, Report')).toBeTruthy();
  });

  it('is a guest, with no menu entry, when nothing is stored', () => {
    renderProbe();
    expect(renders[0]).toEqual({ entries: [], name: undefined, signedIn: false });
  });

  it('follows a sign-in as another person at once, never rendering an empty menu in between', async () => {
    session.save(token(7), SPOTS_ONLY, 'refresh');
    renderProbe();
    await act(async () => session.save(token(1), ADMIN, 'refresh-2'));
    expect(await screen.findByText(/^Chief Admin: Dashboard, Users, SubAdmin, Spots, Posts/)).toBeTruthy();
    expect(renders.every((r) => r.entries.length > 0)).toBe(true);
    // the Admin's full menu, the Sub-Admin's never again
    expect(renders.at(-1)?.entries).toContain('Content Management');
  });

  it("drops a withdrawn permission as soon as the session's user is stored afresh (a start-up check)", async () => {
    session.save(token(7), person(7, 'Zeynep Çelik', 'Sub-Admin', ['Spot-list', 'Tags-list']), 'refresh');
    renderProbe();
    expect(renders[0].entries).toEqual(['Dashboard', 'Spots', 'Tags', 'Report']);
    await act(async () => session.save(token(7), SPOTS_ONLY));
    expect(await screen.findByText('Zeynep Çelik: Dashboard, Spots, Report')).toBeTruthy();
  });
});
