// Time-based one-time passwords (RFC 6238, through otpauth): 6 digits, 30-second steps, SHA-1 (what
// every authenticator app reads from an otpauth:// URI), and the QR code of that URI (qrcode, as SVG).
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Travel Back-office';
const PERIOD = 30;
const DIGITS = 6;
/** Codes of one step before or after the current one are accepted (a phone's clock a little off). */
const WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });

/** A new random key (160 bits, RFC 4226's recommendation), in base32 as apps let it be typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads (from the QR code). */
export const otpauthUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The QR code of `text` as an SVG data: URL (an <img> shows it; the admin's policy allows data: images). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step a 6-digit `code` is right for (within the window), or null. */
export function matchingStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}
