import { describe, expect, it } from 'vitest';
import { ENDPOINTS, listQuery } from '@admin/providers/dataProvider';
import { capitaliseFirst, decodeNumericEntities, isBlankHtml, nameKey, slugify } from '@shared/text';
import { recordSchema, rowsSchema } from '@shared/resources/fields';
import { category, contentmanagement, reportCategories, tag } from '@shared/resources/index';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('catalogue text helpers', () => {
  it('decodes numeric character references into plain text, leaving other text alone', () => {
    expect(decodeNumericEntities('Caf&#233; &#x26; Bar &#39;s&#39;')).toBe("Café & Bar 's'");
    expect(decodeNumericEntities('&#60;script&#62;')).toBe('<script>');
    expect(decodeNumericEntities('&amp; &#xZZ; &#0;')).toBe('&amp; &#xZZ; &#0;');
  });

  it('stores category names capitalised and compares names case-insensitively', () => {
    expect(capitaliseFirst('bEACH LIFE')).toBe('Beach life');
    expect(capitaliseFirst('')).toBe('');
    expect(nameKey('  Beach &#76;ife ')).toBe(nameKey('beach life'));
  });

  it('derives slugs from titles in any alphabet', () => {
    expect(slugify('Terms & Conditions!')).toBe('terms-conditions');
    expect(slugify('  Çay Bahçesi ')).toBe('cay-bahcesi');
    expect(slugify('سياسة الخصوصية')).toBe('سياسة-الخصوصية');
    expect(slugify('***')).toBe('');
  });

  it('sees an empty editor as blank, and an image or words as content', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p><br>')).toBe(true);
    expect(isBlankHtml('<p><img src="https://example.com/a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>Hello</p>')).toBe(false);
  });
});

describe('catalogue form rules, made from the declarations', () => {
  it('an add dialog needs at least one row and a name in every row', () => {
    const tags = rowsSchema(tag);
    expect(messages(tags.safeParse({ rows: [] }))).toEqual(['validation.tagNameEmpty']);
    expect(messages(tags.safeParse({ rows: [{ name: 'ok', status: 'Active' }, { name: '  ', status: 'Active' }] }))).toEqual([
      'validation.tagNameEmpty',
    ]);
    expect(messages(rowsSchema(category).safeParse({ rows: [{ name: 'Lakes', status: '' }] }))).toEqual([
      'validation.statusSelect',
    ]);
    expect(tags.parse({ rows: [{ name: ' sunset ', status: 'Active' }] }).rows[0].name).toBe('sunset');
  });

  it('each edit dialog has the spec messages of its resource', () => {
    expect(messages(recordSchema(category).safeParse({ name: '', status: '' }))).toEqual([
      'validation.categoryNameRequired',
      'validation.statusSelect',
    ]);
    expect(messages(recordSchema(tag).safeParse({ name: '', status: '' }))).toEqual([
      'validation.tagNameRequired',
      'validation.tagStatusRequired',
    ]);
    expect(messages(recordSchema(reportCategories).safeParse({ name: '', status: 'Active' }))).toEqual([
      'validation.reportCategoryNameRequired',
    ]);
  });

  it('a content page needs a title, a status and a description that is not an empty editor', () => {
    expect(messages(recordSchema(contentmanagement).safeParse({ title: '', status: '', description: '<p></p>' }))).toEqual([
      'validation.pageTitleRequired',
      'validation.statusSelect',
      'validation.pageDescriptionRequired',
    ]);
    expect(messages(recordSchema(contentmanagement).safeParse({ title: 'FAQ', slug: 'bad slug!', status: 'Active', description: '<p>x</p>' }))).toEqual([
      'validation.slugInvalid',
    ]);
  });
});

describe('catalogue endpoints', () => {
  it('asks for report categories as an admin, newest first, and pages email templates from 0', () => {
    const q = Object.fromEntries(new URLSearchParams(listQuery(ENDPOINTS.reportCategories, { pagination: { page: 1, perPage: 10 } }).slice(1)));
    expect(q).toMatchObject({ typeUser: 'admin', page: '0', order: '{"direction":"DESC","name":"id","type":"default"}' });
    expect(listQuery(ENDPOINTS.emailtemplate, { pagination: { page: 2, perPage: 20 } })).toContain('page=1');
    expect(ENDPOINTS.tag.defaultOrder).toEqual({ direction: 'ASC', name: 'name', type: 'default' });
  });
});
