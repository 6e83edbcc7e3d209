// What the server's log keeps of a URL or a line (src/server/ops/logging.ts): the path and the query's
// names, never a value, a token path, a credential, a JWT or a configured secret.
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrl, withoutSecrets } from '@server/ops/logging';

describe('log redaction', () => {
  it('keeps a URL path and its query names, never the values or a reset token', () => {
    expect(redactUrl('/api/post?page=2&search=Istanbul')).toBe('/api/post?page=[redacted]&search=[redacted]');
    expect(redactUrl('/api/auth/access-token?token=eyJa.b.c')).toBe('/api/auth/access-token?token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/health?flag')).toBe('/api/health?flag=[redacted]');
    expect(redactUrl('/reset-password/Abc_123-xyz')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/Reset-Password/Abc/more?lang=tr')).toBe('/Reset-Password/[redacted]?lang=[redacted]');
  });

  it('scrubs any text of query values, token paths, credentials and JWTs', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redactSecrets(`GET /api/x?token=${jwt} failed`)).toBe('GET /api/x?token=[redacted] failed');
    expect(redactSecrets(`{"msg":"sent ${jwt}"}`)).toBe('{"msg":"sent [redacted]"}');
    expect(redactSecrets('{"authorization":"Bearer sk-live-123"}')).toBe('{"authorization":"Bearer [redacted]"}');
    expect(redactSecrets('open http://admin.test/reset-password/Abc_123 now')).toBe('open http://admin.test/reset-password/[redacted] now');
    expect(redactSecrets('"url":"/a?refresh_token=abc&x=1"')).toBe('"url":"/a?refresh_token=[redacted]&x=[redacted]"');
    expect(redactSecrets('nothing to hide here')).toBe('nothing to hide here');
  });

  it('removes configured secrets of 8 characters or more, wherever they appear', () => {
    expect(withoutSecrets('key sk-test-secret-key echoed', ['sk-test-secret-key', undefined, 'short'])).toBe('key [redacted] echoed');
    expect(withoutSecrets('a short word', ['short'])).toBe('a short word');
  });
});
