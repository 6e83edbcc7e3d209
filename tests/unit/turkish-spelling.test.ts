// One spelling per word in the Turkish catalogue: 'mekân' (TDK), never 'mekan' beside it.
import { describe, expect, it } from 'vitest';
import { tr } from '@admin/i18n/tr';

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('Turkish catalogue spelling', () => {
  it("writes 'mekân' with its circumflex everywhere", () => {
    const plain = strings(tr).filter((text) => /\bmekan/i.test(text));
    expect(plain).toEqual([]);
    expect(strings(tr).filter((text) => /\bmekân/i.test(text)).length).toBeGreaterThan(5);
  });
});
