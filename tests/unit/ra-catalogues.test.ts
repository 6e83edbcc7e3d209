import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { en } from '@admin/i18n/en';
import { raArabic } from '@admin/i18n/ra-ar';
import { raTurkish } from '@admin/i18n/ra-tr';

// react-admin's own texts: our hand-written Turkish and Arabic packs against the official English one.
type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object') for (const [kk, vv] of leaves(v as Tree, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const SEPARATOR = ' |||| ';
const placeholders = (s: string) => new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]));
const forms = (s: string) => s.split(SEPARATOR);

// react-admin's English, with the wording our English catalogue changes (the sort label, m28)
const english = leaves({ ra: { ...englishMessages.ra, sort: en.ra.sort } } as unknown as Tree);

describe.each([
  // polyglot plural forms: 'tr' is in the same group as English (2 forms), 'ar' has 6 (zero, one, two, few, many, other)
  ['Turkish', raTurkish, 2],
  ['Arabic', raArabic, 6],
] as const)('the %s react-admin catalogue', (_name, catalogue, pluralForms) => {
  const translated = leaves(catalogue as unknown as Tree);

  it('reads every English key (sanity check on ra-language-english)', () => {
    expect(english.size).toBeGreaterThan(150);
    expect([...english.keys()].every((k) => k.startsWith('ra.'))).toBe(true);
  });

  it('has exactly the English key paths', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has only non-empty string values', () => {
    for (const [key, value] of translated) {
      expect(typeof value, key).toBe('string');
      expect(value, key).not.toBe('');
      for (const form of forms(value as string)) expect(form.trim(), key).not.toBe('');
    }
  });

  it('keeps every placeholder of the English text', () => {
    for (const [key, text] of english) {
      const t = String(translated.get(key) ?? '');
      const have = placeholders(t);
      for (const p of placeholders(String(text))) expect(have.has(p), `${key}: %{${p}}`).toBe(true);
    }
  });

  it('has the plural forms where English has them, and only there', () => {
    for (const [key, text] of english) {
      const t = String(translated.get(key) ?? '');
      const expected = String(text).includes(SEPARATOR) ? pluralForms : 1;
      expect(forms(t).length, key).toBe(expected);
      expect(t.split('||||').length, key).toBe(expected);
    }
  });
});
