// Whether a file's first bytes are an image of a type the forms accept (png, jpeg, gif, webp, bmp,
// ico, tif, svg), whatever its name says: a text file renamed .png is not (issue 32 m15). The server
// decodes every upload as well; this lets the form say so on selection.

/** How many leading bytes looksLikeImage reads. */
export const IMAGE_HEAD_BYTES = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: ((head: Uint8Array) => boolean)[] = [
  (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // png
  (h) => startsWith(h, [0xff, 0xd8, 0xff]), // jpeg
  (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  (h) => startsWith(h, ascii('BM')) && h.length >= 26, // bmp: its header is 14 + at least 12 bytes
  (h) => startsWith(h, [0x00, 0x00, 0x01, 0x00]), // ico
  (h) => startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a]), // tif
];

/** True when `head` (a file's first IMAGE_HEAD_BYTES) is an accepted image's beginning. */
export function looksLikeImage(head: Uint8Array): boolean {
  if (SIGNATURES.some((matches) => matches(head))) return true;
  // svg: markup whose first element, after any declaration, comment or doctype, is <svg
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text);
}
