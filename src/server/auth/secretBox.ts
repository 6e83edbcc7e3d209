// Seals secrets the server must read back (the authenticator keys of two-factor sign-in) with
// AES-256-GCM under a key derived from the JWT secret (HKDF-SHA256): a copy of the database alone
// does not reveal them. Changing JWT_SECRET makes the sealed keys unreadable: the people concerned then
// sign in with a recovery code, or an Admin resets their second factor.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** throws when the text was not sealed with this key (or was altered) */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(masterSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'travel-backoffice', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
