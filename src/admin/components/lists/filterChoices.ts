// What a declared filter (src/shared/resources/filters.ts) offers on screen: its values' catalogue keys, the
// created ranges, yes / no, and the countries (English names as places are stored, shown in the admin's
// language). Shared by the desktop sidebar and the phone's filter inputs.
import { CALLING_CODES } from '@shared/validation/phone';
import { CREATED_RANGES, type ListFilterDeclaration, YES_NO } from '@shared/resources/index';

export interface FilterChoice {
  id: string;
  /** a catalogue key, or the text itself (`translated`) */
  name: string;
}

/** A choice filter's values, labelled by its catalogue prefix (`<labels>.<value>`), else by the value itself. */
export const choiceLabels = (filter: ListFilterDeclaration): FilterChoice[] =>
  (filter.choices ?? []).map((value) => ({ id: value, name: filter.labels ? `${filter.labels}.${value}` : value }));

export const YES_NO_CHOICES: FilterChoice[] = YES_NO.map((value) => ({ id: value, name: `app.filters.${value}` }));

export const CREATED_CHOICES: FilterChoice[] = CREATED_RANGES.map((range) => ({ id: range, name: `app.filters.created_${range}` }));

/** The fixed values a filter offers (none for a reference or a country: those are picked by a search). */
export const fixedChoices = (filter: ListFilterDeclaration): FilterChoice[] =>
  filter.kind === 'choice' ? choiceLabels(filter) : filter.kind === 'yesNo' ? YES_NO_CHOICES : filter.kind === 'created' ? CREATED_CHOICES : [];

const ISO_CODES = Object.keys(CALLING_CODES).filter((code) => /^[A-Z]{2}$/.test(code));

/** Every country: its English name (the stored value) and its name in `locale`, sorted as that language sorts. */
export function countryChoices(locale: string): FilterChoice[] {
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const shown = new Intl.DisplayNames([locale], { type: 'region' });
  return ISO_CODES.map((code) => ({ id: english.of(code) ?? code, name: shown.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
}
