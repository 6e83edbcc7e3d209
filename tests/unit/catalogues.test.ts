import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each([
  ['tr', tr],
  ['ar', ar],
])('the %s catalogue', (_name, catalogue) => {
  const english = leaves(en as unknown as Tree);
  const translated = leaves(catalogue as unknown as Tree);

  it('has every English key and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps every placeholder and leaves nothing empty', () => {
    for (const [key, text] of english) {
      const t = translated.get(key) ?? '';
      expect(t.trim(), key).not.toBe('');
      expect(new Set(placeholders(t)), key).toEqual(new Set(placeholders(text)));
    }
  });

  it('translates the product texts (not a copy of English)', () => {
    const app = [...english].filter(([k]) => k.startsWith('app.') && !k.startsWith('app.languages'));
    const same = app.filter(([k, v]) => translated.get(k) === v);
    expect(same.map(([k]) => k)).toEqual([]);
  });
});
