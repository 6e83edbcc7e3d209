// "Restore these values": what comes back through the record's save, and what is named and left out.
import { describe, expect, it } from 'vitest';
import { MAX_VALUE_LENGTH } from '@shared/audit';
import { isRevertible, revertPlan } from '@admin/components/audit/revertPlan';

describe('revert plan', () => {
  it('brings back the plain fields the record has, and names a secret, a clipped value and a list of links', () => {
    const long = `${'x'.repeat(MAX_VALUE_LENGTH)}…`;
    const plan = revertPlan(
      'user',
      [
        { field: 'name', before: 'Ayşe', after: 'Ayse' },
        { field: 'password', before: null, after: '(changed)' },
        { field: 'bio', before: long, after: 'short' },
        { field: 'permissions', before: 'Post-list', after: 'Post-list, Tags-list' },
        { field: 'revert_of', before: null, after: 12 },
      ],
      { id: 1, name: 'Ayse', bio: 'short', permissions: ['Post-list', 'Tags-list'], password: undefined },
    );
    expect(plan.restored).toEqual([{ field: 'name', now: 'Ayse', value: 'Ayşe' }]);
    expect(plan.leftOut).toEqual(['password', 'bio', 'permissions']);
  });

  it("takes back only what a post's form saves as it is", () => {
    const plan = revertPlan(
      'post',
      [
        { field: 'title', before: 'Old', after: 'New' },
        { field: 'categories', before: 'Beaches', after: 'Museums' },
        { field: 'is_public', before: 1, after: 0 },
      ],
      { id: 3, title: 'New', is_public: 0, postCategory: [] },
    );
    expect(plan.restored.map((r) => r.field)).toEqual(['title']);
    expect(plan.leftOut).toEqual(['categories', 'is_public']);
  });

  it('offers a revert for edits, not for a creation or a delete', () => {
    expect(isRevertible('update', [{ field: 'name', before: 'A', after: 'B' }])).toBe(true);
    expect(isRevertible('create', [{ field: 'name', before: null, after: 'B' }])).toBe(false);
    expect(isRevertible('revert', [{ field: 'revert_of', before: null, after: 3 }])).toBe(false);
  });
});
