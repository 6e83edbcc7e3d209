// The form rule, the answer's schema and the starting values of a declaration's date, dateTime, boolean,
// reference and image fields (src/shared/resources/fields.ts): the same rule checks the admin's form and
// the server's body, its messages catalogue keys.
import { describe, expect, it } from 'vitest';
import { listColumnsOf } from '@shared/listColumns';
import { formValues, recordSchema, storedRecordSchema } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/types';
import { isoDay, isoMoment, yesNo } from '@shared/resources/values';
import { SAMPLE_VALUES } from '../support/declaredSamples';
import { typed } from '../support/typed';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
const schema = recordSchema(typed);
const form = (values: object) => ({ title: 'Opening', starts_on: '2026-11-26', ...values });

describe('the value types of a declared form', () => {
  it('reads a day, a moment and a yes/no as the API keeps them', () => {
    expect(isoDay(' 2026-11-26 ')).toBe('2026-11-26');
    expect(isoDay('2026-11-26T23:30:00-05:00')).toBe('2026-11-26');
    for (const bad of ['2026-02-30', '2026-13-01', '26.11.2026', '0999-01-01', '', 20261126]) expect(isoDay(bad), String(bad)).toBeNull();
    expect(isoMoment('2026-11-26T21:30')).toBe('2026-11-26T21:30:00.000Z');
    expect(isoMoment('2026-11-26 21:30:05+0300')).toBe('2026-11-26T18:30:05.000Z');
    for (const bad of ['2026-11-26T24:00', '2026-11-26T10:60', '2026-02-29T10:00Z', '2026-11-26', 'now']) expect(isoMoment(bad), bad).toBeNull();
    expect([true, 'true', 1, '1'].map(yesNo)).toEqual([true, true, true, true]);
    expect([false, 'false', 0, '0'].map(yesNo)).toEqual([false, false, false, false]);
    expect(['yes', 2, null, undefined, ''].map(yesNo)).toEqual([null, null, null, null, null]);
  });

  it('normalises each value, and takes blank as no value', () => {
    expect(schema.parse(form({ opens_at: '2026-11-26T21:30:00+03:00', pinned: 'false', notice: '7', picture: '/uploads/declared/a.png' }))).toEqual({
      title: 'Opening',
      starts_on: '2026-11-26',
      opens_at: '2026-11-26T18:30:00.000Z',
      pinned: false,
      notice: 7,
      picture: '/uploads/declared/a.png',
    });
    expect(schema.parse(form({ opens_at: '', pinned: null, notice: '', picture: null }))).toMatchObject({ opens_at: null, pinned: null, notice: null, picture: null });
  });

  it('says what is wrong with each bad value, in catalogue keys', () => {
    expect(messages(schema.safeParse(form({ starts_on: '2026-02-30', opens_at: '2026-11-26T25:00', pinned: 'perhaps', notice: 'first', picture: 'https://evil.example/x.png' })))).toEqual({
      starts_on: 'validation.dateInvalid',
      opens_at: 'validation.dateTimeInvalid',
      pinned: 'validation.booleanInvalid',
      notice: 'validation.referenceInvalid',
      picture: 'validation.imageInvalid',
    });
    expect(messages(schema.safeParse(form({ starts_on: '' })))).toEqual({ starts_on: 'validation.fieldRequired' });
    for (const notice of [0, -3, 2.5, ['7'], '7a', 2 ** 31]) expect(messages(schema.safeParse(form({ notice }))), String(notice)).toEqual({ notice: 'validation.referenceInvalid' });
    // a picture chosen but not uploaded yet (the file in the form) is no value to save
    expect(messages(schema.safeParse(form({ picture: { src: 'blob:x', title: 'beach.png' } })))).toEqual({ picture: 'validation.imageInvalid' });
  });

  it('takes the shared sample values and refuses their invalid ones', () => {
    const fields = { starts_on: 'date', opens_at: 'dateTime', pinned: 'boolean', notice: 'reference', picture: 'image' } as const;
    expect(schema.safeParse(form(Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, SAMPLE_VALUES[type].valid])))).success).toBe(true);
    for (const [name, type] of Object.entries(fields)) expect(schema.safeParse(form({ [name]: SAMPLE_VALUES[type].invalid })).success, name).toBe(false);
  });

  it('has a valid value each form field type takes and an invalid one it refuses (SAMPLE_VALUES)', () => {
    for (const [type, sample] of Object.entries(SAMPLE_VALUES)) {
      const field = { type, form: true, ...(type === 'choice' ? { choices: ['Active', 'Inactive'] } : {}), ...(type === 'reference' ? { reference: 'testnotice' } : {}) };
      const one = recordSchema({ ...typed, fields: { value: field } } as unknown as ResourceDeclaration);
      expect(one.safeParse({ value: sample.valid }).success, `${type} valid`).toBe(true);
      expect(one.safeParse({ value: sample.invalid }).success, `${type} invalid`).toBe(false);
    }
  });

  it('starts a create form empty (a yes/no as no) and an edit form with the record', () => {
    expect(formValues(typed)).toEqual({ title: '', starts_on: null, opens_at: null, pinned: false, notice: null, picture: null });
    const record = { title: 'Opening', starts_on: '2026-11-26', opens_at: '2026-11-26T18:30:00.000Z', pinned: true, notice: 3, picture: '/uploads/declared/a.png' };
    expect(formValues(typed, record)).toEqual(record);
  });

  it('describes the answer: a yes/no as a boolean, a reference as a whole number, the rest as text', () => {
    const answer = storedRecordSchema(typed);
    expect(answer.safeParse({ id: 1, title: 'x', starts_on: '2026-11-26', opens_at: null, pinned: true, notice: 3, picture: null, created_at: null, updated_at: null }).success).toBe(true);
    expect(answer.safeParse({ id: 1, title: 'x', starts_on: null, opens_at: null, pinned: 1, notice: null, picture: null, created_at: null, updated_at: null }).success).toBe(false);
  });

  it('exports a moment in the language\'s way and a yes/no as its word; a day as it is', () => {
    const columns = Object.fromEntries(listColumnsOf(typed).map((c) => [c.source, c]));
    expect(columns.opens_at).toMatchObject({ shows: 'dateTime' });
    expect(columns.pinned).toMatchObject({ words: { true: 'ra.boolean.true', false: 'ra.boolean.false' } });
    expect(columns.starts_on.shows).toBeUndefined();
  });
});
