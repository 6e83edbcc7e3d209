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

/** A translation's interpolated strings, each isolated (numbers and the default text `_` as they are). */
export function isolateValues(options: Record<string, unknown> | undefined) {
  if (!options) return options;
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key, key !== '_' && typeof value === 'string' ? isolateText(value) : value]));
}
