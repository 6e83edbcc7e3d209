import { describe, expect, it } from 'vitest';
import { linkLifetime } from '@server/modules/auth/service';

describe('the reset mail says how long the link works, with real plurals', () => {
  it.each([
    [3600, '1 hour'],
    [7200, '2 hours'],
    [1800, '30 minutes'],
    [60, '1 minute'],
    [5400, '90 minutes'],
  ])('%i seconds: %s', (seconds, text) => expect(linkLifetime(seconds)).toBe(text));
});
