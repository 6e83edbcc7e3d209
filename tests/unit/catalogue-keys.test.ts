import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';

// Every catalogue key written out in the admin's code must exist in each catalogue: a screen must never
// show a raw key. (Keys built at run time, like `app.status.${status}`, are covered by the shape checks.)

const ROOT = path.resolve('src/admin');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : files(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });

const KEY = /['"`]((?:app|resources|messages|validation|ra)\.[A-Za-z0-9_.-]+)['"`]/g;

function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files(ROOT)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY)) {
      // a key ending in '.' is the prefix of a key built at run time
      if (!m[1].endsWith('.')) keys.set(m[1], path.relative(ROOT, file));
    }
  }
  return keys;
}

const has = (catalogue: object, key: string) => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in (node as object))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  // a group (`resources.post.fields`) is the prefix the code builds its keys from
  return typeof node === 'string' || (typeof node === 'object' && node !== null);
};

describe('catalogue keys used by the code', () => {
  const keys = usedKeys();

  it('finds the keys (sanity check on the scan)', () => {
    expect(keys.size).toBeGreaterThan(100);
    expect(keys.has('app.theme.title')).toBe(true);
  });

  it.each([
    ['en', en],
    ['tr', tr],
    ['ar', ar],
  ] as const)('are all in the %s catalogue', (_name, catalogue) => {
    const missing = [...keys].filter(([key]) => !has(catalogue, key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
