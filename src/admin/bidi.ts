// User content in a right-to-left page (M8): every piece of it takes the direction of its own text,
// isolated from what surrounds it, so "This looks like an advert." keeps its full stop at its end and a
// Latin name inside an Arabic sentence does not reorder the sentence.

/**
 * Styles: each paragraph in the direction of its first strong letter, isolated from its surroundings
 * (the CSS twin of dir="auto"). The theme gives it to the cells, list texts, chips, toasts and confirm
 * texts; the detail values take it too.
 */
export const ISOLATED = { unicodeBidi: 'plaintext' } as const;

/**
 * ISOLATED for a block of its own (a detail's value, a title): still aligned with its label at the page's
 * start ('left', which the right-to-left styles turn into 'right'), whatever the direction of its text.
 */
export const ISOLATED_BLOCK = { ...ISOLATED, textAlign: 'left' } as const;

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: plain text's <bdi>, for values put into a sentence. */
export const isolateText = (value: string) => `\u2068${value}\u2069`;

/** A letter of a left-to-right script (Latin, Greek, Cyrillic…): what reorders an Arabic sentence. */
const LEFT_TO_RIGHT_LETTER = /[^\P{L}\p{Script=Arabic}]/u;

/** A slot marked with control characters, which its caller fills and isolates itself (ai/SuggestionTitle.tsx). */
// eslint-disable-next-line no-control-regex -- the marks are control characters
const MARKED_SLOT = /[\u0000-\u0008]/;

/**
 * A right-to-left translation's interpolated strings that hold left-to-right letters, each isolated
 * ("حذف ⁨Lyon Food Hall⁩؟"); Arabic values, numbers, marked slots and the default text `_` stay as they are.
 */
export function isolateValues(options: Record<string, unknown> | undefined) {
  if (!options) return options;
  const isolated = (key: string, value: unknown) => key !== '_' && typeof value === 'string' && LEFT_TO_RIGHT_LETTER.test(value) && !MARKED_SLOT.test(value);
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key, isolated(key, value) ? isolateText(value as string) : value]));
}
