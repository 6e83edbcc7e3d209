// What a resource's screens read from a catalogue, for the tests that check a declaration's strings (the
// registry's, and the README walk-through's).
import { typedFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';

/** The value at a dotted key of a catalogue (`resources.faq.name`), or undefined. */
export const lookUp = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);

/** The strings a resource's screens read that `catalogue` lacks: its name, menu entry, card, field labels, permission. */
export function missingStrings(r: ResourceDeclaration, catalogue: object): string[] {
  const keys = [r.label, ...(r.menu ? [`app.menu.${r.menu.id}`] : []), ...(r.dashboardCard ? [r.dashboardCard.title] : []), ...(r.permission ? [r.permission.label] : [])];
  // the fields a screen labels: those the list, the forms or the detail page show
  for (const f of typedFields(r)) if (f.list || f.form || f.show) keys.push(`resources.${r.name}.fields.${f.name}`);
  return keys.filter((key) => typeof lookUp(catalogue, key) !== 'string');
}

/** The plural forms of each language (polyglot): English and Turkish two, Arabic six (zero, one, two, few, many, other). */
export const PLURAL_FORMS = { en: 2, tr: 2, ar: 6 } as const;
export const pluralForms = (text: string) => text.split('||||').length;
