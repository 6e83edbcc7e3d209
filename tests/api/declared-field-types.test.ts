// The value types a declaration's fields may have beside text (issue 33): a day, a moment, a yes/no, a
// reference to another declared resource and an image, each stored, answered, sorted and documented by
// the declared server, and each bad value refused with a 4xx naming the field (never a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ADMIN, bearer, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';
import { pixelBombPng } from '../support/images';
import { notice } from '../support/notice';
import { SAMPLE_VALUES } from '../support/declaredSamples';
import { typed } from '../support/typed';

const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, notice, typed];

describe.each(dialects)('the date, dateTime, boolean, reference and image fields of a declaration, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let noticeId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const upload = async (file: { filename: string; type: string; bytes: Uint8Array | string }) => {
    const body = await multipart({ image: file });
    return t.app.inject({ method: 'POST', url: '/api/testtyped/image', headers: { ...bearer(admin), ...body.headers }, payload: body.payload });
  };
  const png = async () => ({ filename: 'beach.png', type: 'image/png', bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3080c0' } }).png().toBuffer() });
  const create = (values: object) => call('POST', '/api/testtyped/create', { title: 'Opening', starts_on: '2026-11-26', ...values });
  const listed = async (query: string) => (await call('GET', `/api/testtyped${query}`)).json().data as { data: Record<string, unknown>[]; meta: { total: number } };

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: REGISTRY });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const made = await call('POST', '/api/testnotice/create', { title: 'Winter timetable', body: '<p>x</p>', status: 'Active' });
    noticeId = made.json().data.id;
  });
  afterAll(async () => t.close());

  it('stores and answers each type normalised, on create, read and update, and an edit can clear them', async () => {
    const image = await upload(await png());
    expect(image.statusCode, image.body).toBe(200);
    const { url, thumbnailUrl } = image.json().data;
    expect(url).toMatch(/^\/uploads\/declared\/[0-9a-f-]{36}\.png$/);
    // the stored file is served, and is the image that was sent
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    expect((await t.app.inject(thumbnailUrl)).statusCode).toBe(200);

    const res = await create({ opens_at: '2026-11-26T21:30:00+03:00', pinned: 'true', notice: String(noticeId), picture: url });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const expected = { title: 'Opening', starts_on: '2026-11-26', opens_at: '2026-11-26T18:30:00.000Z', pinned: true, notice: noticeId, picture: url };
    expect(res.json().data.data).toMatchObject(expected);
    expect((await call('GET', `/api/testtyped/${id}`)).json().data.data).toMatchObject(expected);
    expect((await listed('?limit=50')).data.find((r) => r.id === id)).toMatchObject(expected);

    const edited = await call('POST', '/api/testtyped/update', { id, title: 'Opening', starts_on: '2027-01-02T10:00:00Z', opens_at: '', pinned: false, notice: null, picture: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('GET', `/api/testtyped/${id}`)).json().data.data).toMatchObject({ starts_on: '2027-01-02', opens_at: null, pinned: false, notice: null, picture: null });
  });

  it.each([
    ['an impossible day', { starts_on: '2026-02-30' }, 'starts_on', 'Please enter a real date (YYYY-MM-DD).'],
    ['a day that is no date', { starts_on: 'tomorrow' }, 'starts_on', 'Please enter a real date (YYYY-MM-DD).'],
    ['a required day left blank', { starts_on: '' }, 'starts_on', 'Please fill in this field.'],
    ['an impossible time', { opens_at: '2026-11-26T25:00' }, 'opens_at', 'Please enter a real date and time (ISO-8601, e.g. 2026-11-26T21:30:00Z).'],
    ['a yes/no that is neither', { pinned: 'perhaps' }, 'pinned', 'Please answer yes or no (true or false).'],
    ['a reference that is no id', { notice: 'first' }, 'notice', 'Please choose one of the records (its id).'],
    ['an image that is no upload path', { picture: 'https://evil.example/x.png' }, 'picture', 'Please upload the image (an /uploads/ path answered by the upload call).'],
  ])('refuses %s with a 400 naming the field', async (_, values, field, message) => {
    const before = (await listed('')).meta.total;
    const res = await create(values);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message, data: { errors: { [field]: message } } });
    expect((await listed('')).meta.total).toBe(before);
  });

  it('refuses a reference to a record that does not exist, and an image stored for something else, naming the field', async () => {
    const missing = await create({ notice: 999_999 });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, message: 'The record chosen for notice does not exist (no testnotice has the id 999999).', data: { errors: { notice: expect.any(String) } } });
    const spotPicture = await create({ picture: '/uploads/spots/0b6f4a0e-6a1c-4c55-9a1b-3c0e6d1f2a7b.png' });
    expect(spotPicture.statusCode, spotPicture.body).toBe(400);
    expect(spotPicture.json().message).toBe('Only an image uploaded for this list can be used for picture: upload it first.');
    // an update is checked the same way, and changes nothing
    const made = (await create({ notice: noticeId })).json().data.id;
    const edit = await call('POST', '/api/testtyped/update', { id: made, title: 'Opening', starts_on: '2026-11-26', notice: 999_999 });
    expect(edit.statusCode, edit.body).toBe(400);
    expect((await call('GET', `/api/testtyped/${made}`)).json().data.data.notice).toBe(noticeId);
  });

  it('refuses to delete a record that a reference still names (409, nothing deleted), and deletes it once none does', async () => {
    const chosen = (await call('POST', '/api/testnotice/create', { title: 'Spring timetable', body: '<p>x</p>', status: 'Active' })).json().data.id;
    const referring = (await create({ notice: chosen })).json().data.id;
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/testnotice/delete/${chosen}`, headers: bearer(admin) });
    const refused = await remove();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, message: 'This record cannot be deleted: records of testtyped still refer to it (notice). Change them first.' });
    expect((await call('GET', `/api/testnotice/${chosen}`)).statusCode).toBe(200);
    expect((await call('POST', '/api/testtyped/update', { id: referring, title: 'Opening', starts_on: '2026-11-26', notice: null })).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
  });

  it('refuses an upload that is no image (415), a file over 5 MB (413) and an image of too many pixels (400)', async () => {
    const text = await upload({ filename: 'notes.png', type: 'image/png', bytes: 'not an image at all' });
    expect(text.statusCode, text.body).toBe(415);
    expect(text.json()).toMatchObject({ status: 415, message: 'File type is not supported' });
    const huge = await upload({ filename: 'huge.png', type: 'image/png', bytes: new Uint8Array(6 * 1024 * 1024) });
    expect(huge.statusCode, huge.body).toBe(413);
    expect(huge.json().message).toBe('The file is too large (at most 5 MB).');
    const bomb = await upload({ filename: 'bomb.png', type: 'image/png', bytes: pixelBombPng(16000, 16000) });
    expect(bomb.statusCode, bomb.body).toBe(400);
    expect(bomb.json().message).toMatch(/too many pixels/);
    const none = await t.app.inject({ method: 'POST', url: '/api/testtyped/image', headers: bearer(admin), payload: {} });
    expect(none.statusCode, none.body).toBe(400);
  });

  it('removes a picture no record shows any more (replaced, or its record deleted), but not one another record shows', async () => {
    const stored = async () => (await upload(await png())).json().data as { url: string; thumbnailUrl: string };
    const [first, second] = [await stored(), await stored()];
    const served = async (url: string) => (await t.app.inject(url)).statusCode;
    const one = (await create({ picture: first.url })).json().data.id;
    const other = (await create({ picture: first.url })).json().data.id;
    // replaced in one record: the other still shows it
    expect((await call('POST', '/api/testtyped/update', { id: one, title: 'Opening', starts_on: '2026-11-26', picture: second.url })).statusCode).toBe(200);
    expect(await served(first.url)).toBe(200);
    // its last record deleted: gone, with its thumbnail
    expect((await t.app.inject({ method: 'DELETE', url: `/api/testtyped/delete/${other}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect([await served(first.url), await served(first.thumbnailUrl)]).toEqual([404, 404]);
    // emptied: gone
    expect((await call('POST', '/api/testtyped/update', { id: one, title: 'Opening', starts_on: '2026-11-26', picture: null })).statusCode).toBe(200);
    expect(await served(second.url)).toBe(404);
  });

  it('sorts by a day, a moment and a yes/no, both ways', async () => {
    const rows = [
      { title: 'Sort A', starts_on: '2030-03-01', opens_at: '2030-03-01T08:00:00Z', pinned: true },
      { title: 'Sort B', starts_on: '2030-01-15', opens_at: '2030-03-01T23:00:00Z', pinned: false },
      { title: 'Sort C', starts_on: '2030-12-31', opens_at: '2030-02-28T12:00:00Z', pinned: true },
    ];
    for (const row of rows) expect((await create(row)).statusCode).toBe(200);
    const ordered = async (name: string, direction: 'ASC' | 'DESC') =>
      (await listed(`?limit=100&filter=sort&order=${encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }))}`)).data.map((r) => r.title);
    expect(await ordered('starts_on', 'ASC')).toEqual(['Sort B', 'Sort A', 'Sort C']);
    expect(await ordered('starts_on', 'DESC')).toEqual(['Sort C', 'Sort A', 'Sort B']);
    expect(await ordered('opens_at', 'ASC')).toEqual(['Sort C', 'Sort A', 'Sort B']);
    expect(await ordered('opens_at', 'DESC')).toEqual(['Sort B', 'Sort A', 'Sort C']);
    // no before yes; equal values by id
    expect(await ordered('pinned', 'ASC')).toEqual(['Sort B', 'Sort A', 'Sort C']);
    expect((await ordered('pinned', 'DESC'))[2]).toBe('Sort B');
  });

  it('takes the shared sample values of each new type, and refuses their invalid ones', async () => {
    const sample = (type: keyof typeof SAMPLE_VALUES, which: 'valid' | 'invalid') => SAMPLE_VALUES[type][which];
    const valid = await create({ starts_on: sample('date', 'valid'), opens_at: sample('dateTime', 'valid'), pinned: sample('boolean', 'valid'), notice: noticeId, picture: sample('image', 'valid') });
    expect(valid.statusCode, valid.body).toBe(200);
    for (const [field, type] of [['starts_on', 'date'], ['opens_at', 'dateTime'], ['pinned', 'boolean'], ['notice', 'reference'], ['picture', 'image']] as const) {
      expect((await create({ [field]: sample(type, 'invalid') })).statusCode, field).toBe(400);
    }
  });

  it('documents each type in the OpenAPI document: the form, the answer and the upload call', async () => {
    type Schema = { type?: string; format?: string; nullable?: boolean; description?: string; properties: Record<string, Schema>; required?: string[] };
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> };
    const form = doc.paths['/api/testtyped/create'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(['notice', 'opens_at', 'picture', 'pinned', 'starts_on', 'title']);
    expect(form.required?.sort()).toEqual(['starts_on', 'title']);
    expect(form.properties.starts_on).toMatchObject({ type: 'string', format: 'date' });
    expect(form.properties.opens_at).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(form.properties.pinned).toMatchObject({ type: 'boolean', nullable: true });
    expect(form.properties.notice).toMatchObject({ type: 'integer', minimum: 1, nullable: true });
    expect(form.properties.picture).toMatchObject({ type: 'string', nullable: true });
    const answer = doc.paths['/api/testtyped/{id}'].get.responses['200'].content['application/json'].schema.properties.data.properties.data;
    expect(answer.properties.pinned).toMatchObject({ type: 'boolean', nullable: true });
    expect(answer.properties.notice).toMatchObject({ type: 'integer', nullable: true });
    expect(answer.properties.starts_on).toMatchObject({ type: 'string', description: 'a day, YYYY-MM-DD' });
    expect(answer.properties.opens_at).toMatchObject({ type: 'string', description: 'a moment, ISO-8601 in UTC' });
    expect(answer.properties.picture).toMatchObject({ type: 'string' });
    expect(Object.keys(doc.paths['/api/testtyped/image'].post.requestBody!.content)).toContain('multipart/form-data');
    // and the document stays a valid OpenAPI document
    const valid = await new Validator().validate(structuredClone(doc) as never);
    expect(valid.errors ?? []).toEqual([]);
  });
});
