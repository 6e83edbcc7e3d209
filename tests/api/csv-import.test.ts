// CSV import of users, categories, tags, spots and report categories (issue 35): a dry run's per-row report
// with the forms' messages, an import or update matched by email / name in one transaction with its trail,
// and the adversaries: a file too large, in another encoding, with formulas, thousands of invalid rows,
// columns the caller may not write, no header, nothing at all; and who may import what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LISTED_ERRORS, IMPORT_MAX_BYTES } from '@shared/importCsv';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('CSV import on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tagger: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'tagger@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Tags-list', 'Categories-list'], name: 'Tom Tagger' });
    tagger = (await loginAs(t, 'tagger@example.com', PASSWORD)).token;
  });
  afterAll(async () => t.close());

  /** POSTs a file (text or bytes) to a list's import. */
  const upload = async (token: string, list: string, file: string | Uint8Array, query = '') => {
    const form = await multipart({ file: { filename: 'rows.csv', type: 'text/csv', bytes: file } });
    const res = await t.app.inject({ method: 'POST', url: `/api/${list}/import${query}`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    return { status: res.statusCode, body: res.json() };
  };
  const entries = (entity: string) =>
    t.ctx.db.selectFrom('audit_log').select(['entity_id', 'detail', 'actor_id']).where('action', '=', 'import').where('entity', '=', entity).orderBy('id').execute();

  it('checks a file of categories in a dry run, reporting each bad row with the form\'s message, and writes nothing', async () => {
    const file = 'name,status\nLakes,Active\n,Active\nForests,Maybe\nlakes,Inactive\n';
    const { status, body } = await upload(admin, 'category', file, '?dry_run=true');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ dry_run: true, rows: 4, created: 1, updated: 0, invalid: 3, errors_left_off: 0 });
    expect(body.data.errors).toEqual([
      { row: 3, column: 'name', key: 'validation.categoryNameEmpty', message: 'Category Name should not be empty.' },
      { row: 4, column: 'status', key: 'validation.statusSelect', message: 'Please select the status' },
      { row: 5, column: 'name', key: 'messages.importRepeatedRow', message: 'Row 2 of the file has the same name already.', values: { first: 2, column: 'name' } },
    ]);
    expect(await t.ctx.db.selectFrom('categories').select('id').where('name', '=', 'Lakes').execute()).toEqual([]);
  });

  it('refuses an import with an invalid row whole (400, the report) and imports a clean one: created, updated, unchanged, audited', async () => {
    const refused = await upload(admin, 'tag', 'name,status\nhiking,Active\n,Active\n');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, message: 'Nothing was imported: 1 rows have errors.', data: { invalid: 1, messageKey: 'importRefused' } });
    expect(await t.ctx.db.selectFrom('tags').select('id').where('name', '=', 'hiking').execute()).toEqual([]);

    await t.app.inject({ method: 'POST', url: '/api/tag/create', headers: bearer(admin), payload: { name: 'beach', status: 'Active' } });
    await t.app.inject({ method: 'POST', url: '/api/tag/create', headers: bearer(admin), payload: { name: 'city', status: 'Active' } });
    // an update matched by name whatever its case; the stored form is the tag's (lower case)
    const done = await upload(admin, 'tag', '\uFEFFName,Status\r\nHiking,Active\r\nBEACH,Inactive\r\ncity,Active\r\n');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Imported 3 rows: 1 added, 1 updated.');
    expect(done.body.data).toMatchObject({ dry_run: false, rows: 3, created: 1, updated: 1, unchanged: 1, invalid: 0, errors: [] });
    const tags = await t.ctx.db.selectFrom('tags').select(['name', 'status']).where('name', 'in', ['hiking', 'beach', 'city']).orderBy('name').execute();
    expect(tags).toEqual([{ name: 'beach', status: 'Inactive' }, { name: 'city', status: 'Active' }, { name: 'hiking', status: 'Active' }]);
    const trail = await entries('tag');
    expect(trail).toHaveLength(2);
    expect(JSON.parse(trail[1]!.detail!)).toEqual({ changes: [{ field: 'status', before: 'Active', after: 'Inactive' }] });
  });

  it('imports users without a password (they sign in after "forgot password"), matched by email, never a staff account', async () => {
    const file = [
      'name,email,phone,country_code,status',
      'Ayşe Yılmaz,Ayse@Example.com,+90 532 123 45 67,+90,Active',
      'Omar,omar@example.com,12,,Active',
      'Tom Tagger,tagger@example.com,5551234567,,Inactive',
    ].join('\n');
    const check = await upload(admin, 'user', file, '?dry_run=1');
    expect(check.body.data).toMatchObject({ created: 1, invalid: 2 });
    expect(check.body.data.errors).toEqual([
      { row: 3, column: 'phone', key: 'validation.phoneTooShort', message: 'Phone number is too short' },
      { row: 4, column: 'email', key: 'messages.importStaffAccount', message: 'This email belongs to a staff account, which an import does not change.' },
    ]);
    const done = await upload(admin, 'user', file.split('\n').slice(0, 2).join('\n'));
    expect(done.body.data).toMatchObject({ created: 1, invalid: 0 });
    const row = await t.ctx.db.selectFrom('users').select(['name', 'email', 'phone', 'user_type', 'status', 'password_hash']).where('email', '=', 'ayse@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ayşe Yılmaz', phone: '+905321234567', user_type: 'User', status: 'Active' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ayse@example.com', password: '', is_web: '0' } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.statusCode).toBeLessThan(500);
    // a password column is not the import's: the file is refused, naming it
    const withPassword = await upload(admin, 'user', 'name,email,phone,status,password\nAli Veli,ali@example.com,5551234567,Active,Secret@123\n');
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.message).toBe('This list does not import the columns password: it imports name, email, phone, country_code, status.');
  });

  it('imports spots of the person importing and updates one matched by name', async () => {
    const file = 'name,status,latitude,longitude,city,country\nGalata Tower,Active,41.0256,28.9742,Istanbul,Turkey\nNowhere,Active,95,10,,\n';
    const check = await upload(admin, 'spot', file, '?dry_run=true');
    expect(check.body.data.errors).toEqual([{ row: 3, column: 'latitude', key: 'validation.latitudeRange', message: 'The latitude must be a number from -90 to 90.' }]);
    expect((await upload(admin, 'spot', file.split('\n').slice(0, 2).join('\n'))).body.data).toMatchObject({ created: 1 });
    const again = await upload(admin, 'spot', 'name,status,latitude,longitude\nGalata Tower,Inactive,41.0256,28.9742\n');
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    const spot = await t.ctx.db.selectFrom('spots').select(['status', 'city', 'user_id']).where('name', '=', 'Galata Tower').executeTakeFirstOrThrow();
    expect(spot).toMatchObject({ status: 'Inactive', city: 'Istanbul' });
  });

  it('reads a report category\'s weight and a Turkish file saved as windows-1254, an Arabic one as windows-1256, UTF-16 with its mark', async () => {
    expect((await upload(admin, 'reportCategory', 'name,status,weight\nSpam,Active,3\n')).body.data).toMatchObject({ created: 1 });
    // "Çiçek Şehri" in windows-1254 is no UTF-8: refused unless the encoding is named
    const turkish = Uint8Array.from([...Buffer.from('name,status\n'), 0xc7, 0x69, 0xe7, 0x65, 0x6b, 0x20, 0xde, 0x65, 0x68, 0x72, 0x69, ...Buffer.from(',Active\n')]);
    const refused = await upload(admin, 'category', turkish);
    expect(refused).toMatchObject({ status: 400, body: { message: 'The file is not UTF-8 text: save it as "CSV UTF-8", or choose the encoding it was saved in.' } });
    expect((await upload(admin, 'category', turkish, '?encoding=windows-1254')).body.data).toMatchObject({ created: 1 });
    // "سياحة" (tourism) in windows-1256
    const arabic = Uint8Array.from([...Buffer.from('name;status\n'), 0xd3, 0xed, 0xc7, 0xcd, 0xc9, ...Buffer.from(';Active\n')]);
    expect((await upload(admin, 'category', arabic, '?encoding=windows-1256')).body.data).toMatchObject({ created: 1 });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,status\r\nDağ,Active\r\n', 'utf16le')]);
    expect((await upload(admin, 'category', utf16)).body.data).toMatchObject({ created: 1 });
    const names = await t.ctx.db.selectFrom('categories').select('name').where('name', 'in', ['Çiçek şehri', 'سياحة', 'Dağ']).orderBy('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual(['Dağ', 'Çiçek şehri', 'سياحة'].sort());
  });

  it('refuses spreadsheet formulas in text columns, row by row, and takes signs in number columns', async () => {
    const file = 'name,status,weight\n=HYPERLINK("http://x"),Active,1\n@SUM(A1),Active,2\n Fine,Active,-1\n';
    const { body } = await upload(admin, 'reportCategory', file, '?dry_run=true');
    expect(body.data).toMatchObject({ created: 1, invalid: 2 });
    expect(body.data.errors.map((e: { row: number; key: string }) => [e.row, e.key])).toEqual([
      [2, 'messages.importFormula'],
      [3, 'messages.importFormula'],
    ]);
  });

  it('answers 10,000 invalid rows with a bounded report: the first errors listed, the rest counted', async () => {
    const file = `name,status\n${',Active\n'.repeat(10_000)}`;
    const { status, body } = await upload(admin, 'tag', file, '?dry_run=true');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ rows: 10_000, invalid: 10_000, created: 0 });
    expect(body.data.errors).toHaveLength(IMPORT_LISTED_ERRORS);
    expect(body.data.errors_left_off).toBe(10_000 - IMPORT_LISTED_ERRORS);
  });

  it('refuses a file too large, empty, without its header, with unknown or repeated columns, or malformed: 4xx, nothing written', async () => {
    const big = `name,status\n${'x'.repeat(IMPORT_MAX_BYTES + 1024)}\n`;
    const tooLarge = await upload(admin, 'tag', big);
    expect(tooLarge).toMatchObject({ status: 413, body: { status: 413, message: 'The file is too large: at most 20 MB can be imported at once. Split it into smaller files.' } });
    expect((await upload(admin, 'tag', '')).body).toMatchObject({ status: 400, message: 'The file is empty: it needs a header row of column names and at least one row.' });
    expect((await upload(admin, 'tag', 'name,status\n')).status).toBe(400);
    expect((await upload(admin, 'tag', 'hiking,Active\nsea,Active\n')).body).toMatchObject({ status: 400, message: 'The first row must name the columns (such as name, status).' });
    expect((await upload(admin, 'tag', 'name,status,role\nsea,Active,Admin\n')).body.message).toBe('This list does not import the columns role: it imports name, status.');
    expect((await upload(admin, 'tag', 'name,name\nsea,Active\n')).status).toBe(400);
    expect((await upload(admin, 'tag', 'status\nActive\n')).body.message).toBe('The file lacks the columns name.');
    expect((await upload(admin, 'tag', 'name,status\n"sea,Active\n')).body).toMatchObject({ status: 400 });
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/tag/import', headers: bearer(admin), payload: { name: 'sea' } });
    expect(notMultipart.statusCode).toBe(415);
    expect(await t.ctx.db.selectFrom('tags').select('id').where('name', '=', 'sea').execute()).toEqual([]);
  });

  it('lets a Sub-Admin import only the lists it may edit: categories and tags here, not users', async () => {
    expect((await upload(tagger, 'category', 'name,status\nMuseums,Active\n')).body.data).toMatchObject({ created: 1 });
    const users = await upload(tagger, 'user', 'name,email,phone,status\nAli Veli,ali@example.com,5551234567,Active\n');
    expect(users.status).toBe(403);
    expect(users.body.status).toBe(403);
    expect((await upload(tagger, 'spot', 'name,status,latitude,longitude\nX,Active,1,1\n')).status).toBe(403);
    const trail = await entries('category');
    expect(trail.at(-1)).toMatchObject({ actor_id: (await loginAs(t, 'tagger@example.com', PASSWORD)).user.id });
  });
});
