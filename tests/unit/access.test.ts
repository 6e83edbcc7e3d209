import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@admin/layout/menuItems';
import { canAccess, homePath, PERMISSIONS, RESOURCE_RULES } from '@shared/access';

const admin = { role: 'Admin', status: 'Active', permissions: [] as string[] };
const sub = { role: 'Sub-Admin', status: 'Active', permissions: ['User-list', 'Post-list'] };
const pending = { role: 'Sub-Admin', status: 'Request Pending', permissions: ['User-list'] };
const user = { role: 'User', status: 'Active', permissions: [...PERMISSIONS] };

const titles = (p: typeof admin) =>
  visibleMenu((r) => canAccess(p, r)).flatMap((e) =>
    e.type === 'item' ? [e.title] : [e.title, ...e.children.map((c) => c.title)],
  );

describe('access rules', () => {
  it('lets an Admin open every resource', () => {
    for (const resource of Object.keys(RESOURCE_RULES)) expect(canAccess(admin, resource)).toBe(true);
  });

  it('lets a Sub-Admin open only what its permissions name, never the Admin-only tools', () => {
    expect(canAccess(sub, 'user')).toBe(true);
    expect(canAccess(sub, 'post')).toBe(true);
    expect(canAccess(sub, 'dashboard')).toBe(true);
    for (const r of [
      'subadmin',
      'spot',
      'category',
      'tag',
      'emailtemplate',
      'reports',
      'reportedComments',
      'reportCategories',
      'chat',
      'aiItineraries',
      'contentmanagement',
    ]) {
      expect(canAccess(sub, r)).toBe(false);
    }
    expect(canAccess({ ...sub, permissions: [...PERMISSIONS] }, 'chat')).toBe(false);
  });

  it('keeps a Sub-Admin that is not Active on its profile', () => {
    expect(canAccess(pending, 'profile')).toBe(true);
    expect(canAccess(pending, 'user')).toBe(false);
    expect(canAccess(pending, 'dashboard')).toBe(false);
    expect(homePath(pending)).toBe('/profile');
    expect(homePath(sub)).toBe('/dashboard');
  });

  it('refuses plain Users and unknown resources', () => {
    expect(canAccess(user, 'user')).toBe(false);
    expect(canAccess(sub, 'something-new')).toBe(false);
  });

  it('builds the menu from the same rules', () => {
    // Report Post and Report User show without a permission (spec §6); the API still asks for Report-list
    expect(titles(sub)).toEqual(['app.menu.dashboard', 'app.menu.users', 'app.menu.posts', 'app.menu.report', 'app.menu.report_post', 'app.menu.report_user']);
    expect(canAccess(sub, 'report')).toBe(true);
    expect(canAccess(sub, 'reports')).toBe(false);
    expect(titles(admin)).toContain('app.menu.report_user');
    expect(titles({ ...sub, permissions: ['Report-list'] })).toEqual([
      'app.menu.dashboard',
      'app.menu.report',
      // the moderation desk (issue 34) needs Report-list, as the report lists' data do
      'app.menu.moderation',
      'app.menu.report_categories',
      'app.menu.report_post',
      'app.menu.report_comment',
      'app.menu.report_user',
    ]);
  });
});
