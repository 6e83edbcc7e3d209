// The moderation desk (issue 34) as a moderator lives in it: a day in English, Turkish and Arabic (right to
// left) on a desktop and a 390 px phone (open the desk, filter, open a case, claim, note, hide with a
// reason, the spec's report list showing it), the keyboard (j/k, Enter, ?, never while typing), a claim
// refused with who holds the case, and axe on the desk and the case page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { ADMIN, apiSession, axeViolations, pickListFilter, screenshot, signedInContext, useBrowserSuite } from '../support/e2e';
import { makeReport } from '../support/reportFixtures';

const suite = useBrowserSuite();
const CATALOGUES = { en, tr, ar } as const;
type Language = keyof typeof CATALOGUES;

/** The catalogue text of `key` in `language`, placeholders filled, as the screen shows it (no isolates). */
function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]);
  return String(found).replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/**
 * A post reported by three people (the demo user and two more, under a report category): one open case.
 * Answers the post's title and the case's id.
 */
async function reportedPost(title: string) {
  const { db } = suite.server.ctx;
  const { postId } = await makeReport(suite.server, 'post', { title, person: `Author of ${title}` });
  const category = await db.selectFrom('report_categories').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const reporters = await db.selectFrom('users').select('id').where('user_type', '=', 'User').where('email', '!=', 'user@example.com').orderBy('id').limit(2).execute();
  const stamp = new Date().toISOString();
  for (const reporter of reporters) {
    await db
      .insertInto('reports')
      .values({ type: 'post', user_id: reporter.id, post_id: postId, comment_id: null, other_user_id: null, report_category_id: category.id, reason: 'A fake tour that takes deposits', status: 'Pending', user_status_by_admin: 'Active', created_at: stamp, updated_at: stamp })
      .execute();
  }
  const found = await db.selectFrom('moderation_cases').select(['id', 'report_count']).where('kind', '=', 'post').where('target_id', '=', postId).where('status', '=', 'open').executeTakeFirstOrThrow();
  expect(found.report_count).toBe(3);
  return { caseId: found.id, postId, category: category.name };
}

/** The admin signed in, in `language`, at a desktop's or a phone's size. */
const signedIn = (language: Language, phone: boolean) => signedInContext(suite.browser, suite.server.baseUrl, { language, phone });

/** The README's picture of the desk: every open case, most urgent first, on a 1440 px screen (at 1280 the table scrolls in its frame). */
async function readmePicture(page: Page) {
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.goto(`${suite.server.baseUrl}/moderation`);
  await page.locator('.RaDataTable-tbody > tr').nth(2).waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-refetching]'));
  await page.screenshot({ path: 'docs/screenshots/moderation-desk.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Opens the desk and searches it for `words`. */
async function openDesk(page: Page, language: Language, words: string) {
  await page.goto(`${suite.server.baseUrl}/moderation`);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await page.getByRole('heading', { name: text(language, 'app.moderation.title') }).first().waitFor();
  await page.getByRole('textbox', { name: text(language, 'app.moderation.search') }).fill(words);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(words.split(' ')[0]));
}

describe('the moderation desk', () => {
  for (const language of ['en', 'tr', 'ar'] as const) {
    for (const phone of [false, true]) {
      const where = phone ? 'phone' : 'desktop';
      it(`a moderator's day in ${language} on a ${where}: filter, open, claim, note, hide with a reason; the report list shows it`, async () => {
        const title = `Deposit tour ${language} ${where}`;
        const { caseId } = await reportedPost(title);
        const { page, close } = await signedIn(language, phone);
        try {
          const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
          if (language === 'en' && !phone) await readmePicture(page);
          await openDesk(page, language, title);
          const row = page.locator('.RaDataTable-tbody > tr').filter({ hasText: title });
          await row.waitFor();
          await expect(row.innerText()).resolves.toContain(t('app.moderation.kinds.post'));

          // filter by kind: the sidebar on a desktop, the filter button on a phone
          await pickListFilter(page, phone, t('ra.action.add_filter'), t('app.moderation.filters.kind'), t('app.moderation.kinds.post'));
          await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"kind":"post"'));
          await row.waitFor();
          if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await screenshot(page, `moderation-desk-${language}-${where}`);

          // the case
          await row.click();
          await page.waitForURL(`**/moderation/${caseId}`);
          await page.getByText(t('app.moderation.case_number', { id: caseId })).waitFor();
          await page.getByText(t('app.moderation.reports_by', { reports: 3, reporters: 3 })).waitFor();

          await page.getByRole('button', { name: t('app.moderation.claim'), exact: true }).click();
          await page.getByText(t('app.moderation.claimed')).waitFor();
          await page.getByRole('button', { name: t('app.moderation.release'), exact: true }).waitFor();

          const note = `Checked the tour operator's licence (${language})`;
          await page.getByRole('textbox', { name: t('app.moderation.notes.new') }).fill(note);
          await page.getByRole('button', { name: t('app.moderation.notes.add') }).click();
          await page.getByText(note).waitFor();
          await screenshot(page, `moderation-case-${language}-${where}`);

          // hide, with a reason (required: asked for first)
          await page.getByRole('button', { name: t('app.moderation.actions.hide'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: t('app.moderation.decision.title_hide') });
          await dialog.waitFor();
          await dialog.getByRole('button', { name: t('app.moderation.actions.hide'), exact: true }).click();
          await dialog.getByText(t('app.moderation.decision.reason_required')).waitFor();
          await dialog.getByRole('textbox', { name: t('app.moderation.decision.reason') }).fill('Takes deposits for tours that do not exist');
          await dialog.getByRole('button', { name: t('app.moderation.actions.hide'), exact: true }).click();
          await page.getByText(t('app.moderation.decision.done', { action: t('app.moderation.actions.hide') })).waitFor();
          await page.getByText(t('app.moderation.statuses.decided'), { exact: true }).waitFor();
          await screenshot(page, `moderation-decided-${language}-${where}`);

          // the spec's report list: the post hidden, its reports resolved
          await page.goto(`${suite.server.baseUrl}/report`);
          await page.getByRole('textbox', { name: t('resources.report.search') }).fill(title);
          const reportRow = page.locator('.RaDataTable-tbody > tr').filter({ hasText: title }).first();
          await reportRow.getByText(t('app.status.Inactive'), { exact: true }).waitFor();
          await expect(reportRow.innerText()).resolves.toContain(t('app.report.states.Resolved'));
        } finally {
          await close();
        }
      });
    }
  }

  it('moves with j/k, opens with Enter, lists its keys with ?, and takes no key while typing', async () => {
    for (const title of ['Keyboard case one', 'Keyboard case two']) await reportedPost(title);
    const { page, close } = await signedIn('en', false);
    try {
      await openDesk(page, 'en', 'Keyboard case');
      await page.locator('.RaDataTable-tbody > tr').nth(1).waitFor();
      // typing j in the search box types it
      await page.getByRole('textbox', { name: en.app.moderation.search }).press('j');
      await expect(page.getByRole('textbox', { name: en.app.moderation.search }).inputValue()).resolves.toBe('Keyboard casej');
      await page.getByRole('textbox', { name: en.app.moderation.search }).press('Backspace');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      const focusedRow = () => page.evaluate(() => (document.activeElement?.closest('tr') as HTMLElement | null)?.innerText ?? '');
      const rows = await page.locator('.RaDataTable-tbody > tr').allInnerTexts();
      await page.keyboard.press('j');
      await expect(focusedRow()).resolves.toBe(rows[0]);
      await page.keyboard.press('j');
      await expect(focusedRow()).resolves.toBe(rows[1]);
      await page.keyboard.press('k');
      await expect(focusedRow()).resolves.toBe(rows[0]);

      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: en.app.moderation.keys.title });
      await help.getByText(en.app.moderation.keys.next).waitFor();
      await help.getByText(en.app.moderation.keys.hide).waitFor();
      await screenshot(page, 'moderation-keys-en');
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });

      // a decision's key opens its confirmation for the selected case
      await page.keyboard.press('w');
      const warn = page.getByRole('dialog', { name: en.app.moderation.decision.title_warn });
      await warn.waitFor();
      await warn.getByRole('button', { name: en.ra.action.cancel }).click();
      await warn.waitFor({ state: 'hidden' });

      await page.keyboard.press('Enter');
      await page.waitForURL(/\/moderation\/\d+$/);
      const first = page.url();
      await page.getByText(en.app.moderation.notes.title).waitFor();
      // on the case page j steps to the desk's next case
      await page.keyboard.press('j');
      await page.waitForURL((url) => url.href !== first && /\/moderation\/\d+$/.test(url.pathname));
    } finally {
      await close();
    }
  });

  it('says who holds a case when a claim is refused', async () => {
    const { caseId } = await reportedPost('Held elsewhere');
    const { db } = suite.server.ctx;
    const colleague = await db.selectFrom('users').select(['id', 'name']).where('user_type', '=', 'Sub-Admin').where('status', '=', 'Active').orderBy('id').executeTakeFirstOrThrow();
    const { page, close } = await signedIn('en', false);
    try {
      await page.goto(`${suite.server.baseUrl}/moderation/${caseId}`);
      await page.getByRole('button', { name: en.app.moderation.claim, exact: true }).waitFor();
      // a colleague claims it meanwhile
      await db.updateTable('moderation_cases').set({ holder_id: colleague.id, held_at: new Date().toISOString() }).where('id', '=', caseId).execute();
      await page.getByRole('button', { name: en.app.moderation.claim, exact: true }).click();
      await page.getByText(colleague.name, { exact: false }).first().waitFor();
      await expect(page.getByRole('alert').first().innerText()).resolves.toContain(colleague.name);
    } finally {
      await close();
    }
  });

  it('tells a moderator in Turkish who decided first, and what, in Turkish', async () => {
    const { caseId } = await reportedPost('Decided elsewhere');
    const { db } = suite.server.ctx;
    const { page, close } = await signedIn('tr', false);
    try {
      await page.goto(`${suite.server.baseUrl}/moderation/${caseId}`);
      await page.getByText(text('tr', 'app.moderation.reports_by', { reports: 3, reporters: 3 })).waitFor();
      // a colleague's decision meanwhile, through the API
      const { version } = await db.selectFrom('moderation_cases').select('version').where('id', '=', caseId).executeTakeFirstOrThrow();
      const { token } = await apiSession(suite.server.baseUrl);
      const first = await fetch(`${suite.server.baseUrl}/api/moderation/cases/${caseId}/decision`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ action: 'ban', reason: 'A fake operator', version }),
      });
      expect(first.status).toBe(200);
      const admin = await db.selectFrom('users').select('name').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
      await page.getByRole('button', { name: text('tr', 'app.moderation.actions.hide'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: text('tr', 'app.moderation.decision.title_hide') });
      await dialog.getByRole('textbox', { name: text('tr', 'app.moderation.decision.reason') }).fill('Sahte tur');
      await dialog.getByRole('button', { name: text('tr', 'app.moderation.actions.hide'), exact: true }).click();
      const told = text('tr', 'messages.caseAlreadyDecided', { name: admin.name, action: text('tr', 'app.moderation.actions.ban') });
      await page.getByText(told).waitFor();
      await screenshot(page, 'moderation-already-decided-tr');
    } finally {
      await close();
    }
  });

  it('has no serious axe violations on the desk and a case, in English and Arabic', async () => {
    const { caseId } = await reportedPost('Axe check tour');
    for (const language of ['en', 'ar'] as const) {
      const { page, close } = await signedIn(language, false);
      try {
        await openDesk(page, language, 'Axe check');
        // the searched page, not the one before it fading out
        await page.waitForFunction(() => document.querySelectorAll('.RaDataTable-tbody > tr').length === 1);
        await page.locator('.RaDataTable-tbody > tr').filter({ hasText: 'Axe check tour' }).waitFor();
        expect(await axeViolations(page), `desk ${language}`).toEqual([]);
        await page.goto(`${suite.server.baseUrl}/moderation/${caseId}`);
        await page.getByText(text(language, 'app.moderation.notes.title')).waitFor();
        expect(await axeViolations(page), `case ${language}`).toEqual([]);
      } finally {
        await close();
      }
    }
  });
  it('tells the moderator: the menu badge, the bell with a new urgent case and a waiting Sub-Admin, the dashboard tiles', async () => {
    const { caseId } = await reportedPost('Urgent scam tour');
    const { db } = suite.server.ctx;
    // above the alert priority (MODERATION_ALERT_PRIORITY, 5)
    await db.updateTable('moderation_cases').set({ priority: 9 }).where('id', '=', caseId).execute();
    const open = (await db.selectFrom('moderation_cases').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow()).n;
    const waiting = await db.selectFrom('users').select('name').where('user_type', '=', 'Sub-Admin').where('status', '=', 'Request Pending').orderBy('id').executeTakeFirstOrThrow();
    const { page, close } = await signedIn('tr', false);
    try {
      await page.goto(`${suite.server.baseUrl}/dashboard`);
      await page.waitForFunction(() => document.documentElement.lang === 'tr');
      await page.getByTestId('stat-moderation-open').getByText(String(open), { exact: true }).waitFor();
      await page.getByRole('menuitem', { name: text('tr', 'app.menu.report'), exact: true }).click();
      await page.getByRole('menuitem', { name: new RegExp(text('tr', 'app.menu.moderation')) }).getByText(text('tr', 'app.moderation.open_cases_badge', { smart_count: Number(open) })).waitFor({ state: 'attached' });

      await page.getByRole('button', { name: new RegExp(`^${text('tr', 'app.moderation.bell.label')}`) }).click();
      await page.getByRole('menuitem', { name: new RegExp(text('tr', 'app.moderation.bell.case', { id: caseId, priority: '9.0' }).replace(/[#.:]/g, '.')) }).waitFor();
      await page.getByRole('menuitem', { name: new RegExp(text('tr', 'app.moderation.bell.subadmin', { name: waiting.name })) }).waitFor();
      await screenshot(page, 'moderation-bell-tr');
      await page.getByRole('menuitem', { name: new RegExp(`#${caseId}`) }).click();
      await page.waitForURL(`**/moderation/${caseId}`);
    } finally {
      await close();
    }
  });

  it('shows an appeal to the moderator who decided with Uphold and Reverse off, and why', async () => {
    const { caseId } = await reportedPost('Appealed tour');
    const { db } = suite.server.ctx;
    const session = await apiSession(suite.server.baseUrl);
    const { version } = await db.selectFrom('moderation_cases').select('version').where('id', '=', caseId).executeTakeFirstOrThrow();
    const decided = await fetch(`${suite.server.baseUrl}/api/moderation/cases/${caseId}/decision`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ action: 'hide', reason: 'Fake tour', version }),
    });
    expect(decided.status).toBe(200);
    // the author appealed through the mailed link's page (tests/api cover that page): the case as it then is
    await db.updateTable('moderation_cases').set({ status: 'appealed', appeal_text: 'The tour is real: here is the <b>licence</b>.', appealed_at: new Date().toISOString() }).where('id', '=', caseId).execute();
    const { page, close } = await signedIn('ar', false);
    try {
      await page.goto(`${suite.server.baseUrl}/moderation/${caseId}`);
      await page.getByText(text('ar', 'app.moderation.appeal.own_decision')).waitFor();
      // the appeal is shown as text, its markup not run
      await page.getByText('The tour is real: here is the <b>licence</b>.').waitFor();
      for (const button of ['uphold', 'reverse'] as const) await expect(page.getByRole('button', { name: text('ar', `app.moderation.appeal.${button}`) }).isDisabled()).resolves.toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'moderation-appeal-ar');
    } finally {
      await close();
    }
  });
});
