// One source of truth per fact: the search index columns, the audit trail's kinds of record and the lists'
// default orders are read from the declarations (src/shared/resources/), not kept beside them by hand.
import { describe, expect, it } from 'vitest';
import { SEARCH_COLUMNS, searchColumnsOf } from '@server/db/search';
import { AUDIT_ENTITIES, declaredAuditKinds, historyResource } from '@shared/audit';
import { ACCESS_ENTRIES, type AccessDeclaration, RESOURCES, type ResourceDeclaration, user } from '@shared/resources/index';
import { testFaq } from '../support/faq';

const resources = RESOURCES as readonly ResourceDeclaration[];

describe('the facts the declarations hold', () => {
  it('give the search indexes their tables and columns, as the migrations built them', () => {
    // the columns' order is the index's (a PostgreSQL expression index serves only the same expression)
    expect(SEARCH_COLUMNS).toEqual({
      users: ['name', 'email', 'phone', 'status'],
      categories: ['name', 'status'],
      tags: ['name', 'status'],
      report_categories: ['name', 'status'],
      spots: ['name', 'country', 'city', 'user_name'],
      posts: ['title', 'description', 'user_name'],
      email_templates: ['title', 'slug', 'description', 'status'],
      content_pages: ['title', 'slug', 'status'],
      reports: ['type', 'reason', 'status', 'user_status_by_admin', 'reporter_name', 'target_name', 'post_title', 'post_text', 'comment_text', 'category_name'],
      comments: ['comment'],
      moderation_cases: ['target_title', 'target_text', 'author_name', 'reasons'],
    });
  });

  it("search a table's columns as its declarations' searchable fields say, and refuse two declarations searching one table apart", () => {
    const searched = { ...user, fields: { ...user.fields, location: { sortable: true, searchable: true } } };
    expect(searchColumnsOf([searched]).users).toEqual(['name', 'email', 'phone', 'location', 'status']);
    expect(() => searchColumnsOf([user, searched])).toThrow(/searches users in name, email, phone, location, status/);
  });

  it('name a plain resource’s searched fields with true only (its store searches its own columns)', () => {
    for (const r of [...resources, testFaq].filter((d) => d.storage))
      for (const [name, f] of Object.entries(r.fields)) expect(f.searchable === undefined || typeof f.searchable === 'boolean', `${r.name}.${name}`).toBe(true);
  });

  it('give the audit trail its kinds of record, each read with the rule of the entry declaring it', () => {
    expect(Object.keys(AUDIT_ENTITIES).sort()).toEqual(
      ['user', 'post', 'itinerary', 'spot', 'comment', 'category', 'tag', 'reportCategory', 'emailtemplate', 'contentmanagement', 'setting', 'moderation_case', 'saved_view'].sort(),
    );
    expect(historyResource('reportCategory')).toBe('reportCategories');
    expect(historyResource('comment')).toBe('reports');
    expect(historyResource('setting')).toBe('setting');
    expect(historyResource('saved_view')).toBe('saved_view');
    const audited = { ...testFaq, storage: undefined, name: 'faqish', audited: 'faqEntry' } as const;
    expect(declaredAuditKinds([...(ACCESS_ENTRIES as readonly AccessDeclaration[]), audited]).faqEntry).toBe('faqish');
  });
});
