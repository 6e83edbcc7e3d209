// Building blocks the schemas share: text without control characters, and ids that fit the
// database's integer columns (PostgreSQL's integer is 32-bit; a bigger number is no row at all).
import { z } from 'zod';
import { v } from './messages';

/** The largest value of an `integer` column (ids, sequence numbers). */
export const MAX_INT = 2_147_483_647;

/**
 * True when `text` holds a control character: C0 (U+0000–U+001F) or DEL. `multiLine` text may hold tab,
 * line feed and carriage return.
 */
export function hasControlCharacters(text: string, multiLine = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7f) return true;
    if (c < 0x20 && !(multiLine && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}

/**
 * Refuses control characters (a NUL byte cannot even be stored by PostgreSQL) with a clear message.
 * Apply it to every name, title and free text a form stores.
 */
export function noControlCharacters<S extends z.ZodType<string | null | undefined>>(schema: S, multiLine = false) {
  return schema.refine((text) => typeof text !== 'string' || !hasControlCharacters(text, multiLine), {
    message: v('controlCharacters'),
    // stop here: later rules would only repeat that the text is not valid
    abort: true,
  });
}

/** A row id sent by a form or a path: a positive whole number an integer column can hold. */
export const idNumber = () => z.coerce.number().int().positive().max(MAX_INT);

/**
 * The `updated_at` an edit form was opened on, sent back with its save: the server saves only if the
 * record still has it (no lost updates). ISO-8601 UTC as the server writes it; optional so that a caller
 * that does not track versions saves as before.
 */
export const recordVersion = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'validation.invalidInput')
  .refine((text) => !Number.isNaN(Date.parse(text)), 'validation.invalidInput')
  .optional();
