// Records and their small form behaviour (issue 32 p6, p7, p8, p13): delete confirmations that name the
// record (the list then returns to its first page, spec §4), a bulk status change not called irreversible, the inline
// sequence saying what is wrong, pickers saying that typing finds more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, apiSession, searchedPath, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/** Signs in as the Admin, in `language`, and opens `path`. */
async function open(path: string, language: 'en' | 'tr' | 'ar' = 'en') {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  if (language !== 'en') await page.evaluate((l) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(l)), language);
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

/** The text of the open dialog, without the direction isolates around names. */
const dialogText = async (page: Page) => (await page.getByRole('dialog').innerText()).replace(/[\u2066-\u2069]/g, '');

/** Ticks the first user row and opens the bulk action `item` of the bulk menu. */
async function bulk(page: Page, menu: string, item: string) {
  await page.getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await page.getByRole('dialog').waitFor();
}

describe('records', () => {
  it('names the tag in the delete confirmation, keeps the spec question, and returns to the first page after the delete (spec §4)', async () => {
    const { page } = suite;
    await open('/tag?page=2&perPage=10&sort=name&order=ASC');
    const rows = page.locator('tbody tr');
    await page.getByText('11-15 of 15').waitFor();
    // the first cell after the row's tick box (bulk edit ticks the tags)
    const name = (await rows.first().locator('td:not(:has(input[type="checkbox"]))').first().innerText()).trim();
    await rows.first().getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const text = await dialogText(page);
    expect(text).toContain(`Delete “${name}”?`);
    expect(text).toContain('Are you sure you want to delete this tag ?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1-10 of 14').waitFor();
    await expect(page.getByRole('cell', { name, exact: true }).count()).resolves.toBe(0);
  });

  it('asks about a bulk Inactive as a change that can be undone, and keeps the spec warning for a bulk delete (Turkish)', async () => {
    const { page } = suite;
    await open('/user', 'tr');
    await bulk(page, 'Toplu işlemler', 'Pasif yap');
    const status = await dialogText(page);
    expect(status).not.toContain('geri alınamaz');
    expect(status).toContain('Seçili kullanıcılar Pasif yapılacak');
    await page.getByRole('dialog').getByRole('button', { name: 'İptal' }).click();
    await page.getByRole('menuitem').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('button', { name: 'Toplu işlemler' }).click();
    await page.getByRole('menuitem', { name: 'Sil' }).click();
    expect(await dialogText(page)).toContain('Bu işlem geri alınamaz.');
  });

  it('says the bulk Active can be changed back (English)', async () => {
    const { page } = suite;
    await open('/user');
    await bulk(page, 'Bulk actions', 'Active');
    const text = await dialogText(page);
    expect(text).not.toContain('cannot be undone');
    expect(text).toContain('The selected users will be set to Active. You can change this back at any time.');
  });

  it('tells why a negative inline sequence cannot be saved, in Arabic and English', async () => {
    const { page } = suite;
    await open('/user', 'ar');
    await page.getByRole('button', { name: /^تعديل الترتيب: / }).first().click();
    await page.getByRole('spinbutton', { name: 'تعديل الترتيب' }).fill('-3');
    await page.getByText('يجب أن تكون القيمة 0 أو أكثر').waitFor();
    await expect(page.getByRole('button', { name: 'حفظ الترتيب' }).isDisabled()).resolves.toBe(true);
    // the language follows the profile once signed in: switched through the language menu
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('button', { name: /^Edit sequence: / }).first().click();
    await page.getByRole('spinbutton', { name: 'Edit sequence' }).fill('-3');
    await page.getByText('Must be 0 or more').waitFor();
  });

  it('says "type to search" under the user picker, which offers only the first 20 users', async () => {
    const { page } = suite;
    await open('/post');
    await page.getByRole('button', { name: 'Add Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Showing the first matches: type to search').first().waitFor();
    // the user picker is the one with many more records than it offers (30 users and more)
    const userPicker = dialog.getByRole('combobox', { name: 'User' });
    const hintId = await userPicker.getAttribute('aria-describedby');
    expect(hintId).toBeTruthy();
    await expect(page.locator(`[id="${hintId}"]`).innerText()).resolves.toContain('type to search');
  });
});

describe('edit from every detail page, and itineraries edited (m23)', () => {
  it('offers Edit on the user, sub-admin and post detail pages', async () => {
    const { page, server } = suite;
    const [user] = await server.ctx.db.selectFrom('users').select('id').where('user_type', '=', 'User').orderBy('id').limit(1).execute();
    const [sub] = await server.ctx.db.selectFrom('users').select('id').where('user_type', '=', 'Sub-Admin').orderBy('id').limit(1).execute();
    const [post] = await server.ctx.db.selectFrom('posts').select('id').where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id').limit(1).execute();
    await open(`/user/${user.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/edituser/${user.id}`);
    await page.goto(`${server.baseUrl}/subadmin/${sub.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/editsubadmin/${sub.id}`);
    await page.goto(`${server.baseUrl}/post/${post.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Post' }).waitFor();
  });

  it('edits an itinerary from its list row: title, Public and the order of its stops', async () => {
    const { page, server } = suite;
    // an itinerary of two stops or more
    const [trip] = await server.ctx.db
      .selectFrom('posts')
      .innerJoin('post_spots', 'post_spots.post_id', 'posts.id')
      .select(['posts.id', 'posts.title'])
      .where('posts.type', '=', 'itinerary')
      .where('posts.deleted_at', 'is', null)
      .groupBy(['posts.id', 'posts.title'])
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('posts.id')
      .limit(1)
      .execute();
    await open(`/itinerary?filter=${encodeURIComponent(JSON.stringify({ q: trip.title }))}`);
    const row = page.getByRole('row').filter({ hasText: trip.title }).first();
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Itinerary' });
    await dialog.getByLabel('Title').fill('Edited trip');
    const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
    const wasPublic = await publicSwitch.isChecked();
    await publicSwitch.setChecked(!wasPublic);
    const stopsBefore = (await server.ctx.db.selectFrom('post_spots').select('spot_id').where('post_id', '=', trip.id).orderBy('position').execute()).map((s) => s.spot_id);
    await dialog.getByRole('button', { name: 'Move down' }).first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Itinerary has been updated Successfully').waitFor();
    const saved = await server.ctx.db.selectFrom('posts').select(['title', 'is_public']).where('id', '=', trip.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ title: 'Edited trip', is_public: wasPublic ? 0 : 1 });
    const stopsAfter = (await server.ctx.db.selectFrom('post_spots').select('spot_id').where('post_id', '=', trip.id).orderBy('position').execute()).map((s) => s.spot_id);
    expect(stopsAfter).toEqual([stopsBefore[1], stopsBefore[0], ...stopsBefore.slice(2)]);
    await page.goto(`${server.baseUrl}/itinerary/${trip.id}`);
    await page.getByRole('heading', { name: 'Edited trip' }).waitFor();
  });

  it('opens the itinerary form from its detail page in Arabic', async () => {
    const { page, server } = suite;
    const [trip] = await server.ctx.db.selectFrom('posts').select('id').where('type', '=', 'itinerary').where('deleted_at', 'is', null).orderBy('id', 'desc').limit(1).execute();
    await open(`/itinerary/${trip.id}`, 'ar');
    await page.getByRole('button', { name: 'تعديل' }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل خطة الرحلة' });
    await dialog.getByRole('switch', { name: 'عامة' }).waitFor();
  });
});

describe('posts found by their status (m26)', () => {
  it('lists a post hidden by moderation under "Pasif", marked so, in Turkish', async () => {
    const { page, server } = suite;
    const [post] = await server.ctx.db.selectFrom('posts').select(['id', 'title']).where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id').limit(1).execute();
    const res = await fetch(`${server.baseUrl}/api/post/adminPostDelete/${post.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${(await apiSession(server.baseUrl)).token}` } });
    expect(res.status).toBe(200);
    await open(`/post?filter=${encodeURIComponent(JSON.stringify({ q: 'Pasif' }))}`, 'tr');
    const row = page.getByRole('row').filter({ hasText: post.title });
    await row.getByText('Pasif', { exact: true }).waitFor();
    // only hidden posts (the demo data hides some by moderation too), each marked
    const rows = await page.locator('tbody tr').count();
    await expect(page.locator('tbody tr').getByText('Pasif', { exact: true }).count()).resolves.toBe(rows);
  });
});

describe('email template placeholders (m27)', () => {
  it('names a placeholder the mail does not fill in while the template is edited, and says nothing for the known ones', async () => {
    const { page } = suite;
    await open(searchedPath('/emailtemplate', 'forgot-password'));
    const row = page.getByRole('row').filter({ hasText: 'Reset your password' });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const editor = dialog.locator('.ProseMirror');
    await editor.waitFor();
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Ignore {{unknown_placeholder}} and');
    const warning = dialog.getByRole('alert').filter({ hasText: '{{unknown_placeholder}}' });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('This mail does not fill in {{unknown_placeholder}}: it would be sent empty. Placeholders it fills in: {{name}}, {{email}}, {{link}}, {{expires_in}}.');
  });
});
