// The title of a suggested day in the staff member's language ("İstanbul, 1. gün / 3",
// "إسطنبول، اليوم 1 من 3"), worded from what the server says about it rather than its English title.
import { Fragment, type ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';

export interface TitledSuggestion {
  /** the English title, used when the server says nothing more; the AI model's own, in the asked language */
  title: string;
  /** 'llm' when an AI model planned the day: its title is shown as it is */
  plannedBy?: string;
  day?: number;
  days?: number;
  /** the place's English name */
  place?: string;
  /** the place's name per language (en, tr, ar) */
  placeNames?: Partial<Record<string, string>>;
  /** the search's theme words, as typed ("Food") */
  theme?: string | null;
}

const MARK = '\u0001';

/** The title's parts: plain text, and the place and theme that were typed or looked up, apart. */
function parts(translate: TranslateFunction, s: TitledSuggestion, locale: string): { text: string; value?: string }[] | null {
  if (!s.place || s.plannedBy === 'llm') return null;
  const values: Record<string, string> = { place: s.placeNames?.[locale] || s.place };
  if (s.theme) values.theme = s.theme;
  const slot = (name: string) => `${MARK}${name}${MARK}`;
  let template = s.theme ? translate('app.ai_itineraries.theme_title', { theme: slot('theme'), place: slot('place') }) : slot('place');
  if (s.days && s.days > 1) template = translate('app.ai_itineraries.day_title', { place: template, day: s.day ?? 1, days: s.days });
  return template
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((text, i) => (i % 2 ? { text: values[text] ?? '', value: text } : { text }))
    .filter((p) => p.text);
}

/** The title as plain text: the card's accessible name and the saved itinerary's title. */
export function suggestionTitle(translate: TranslateFunction, s: TitledSuggestion, locale: string): string {
  return parts(translate, s, locale)?.map((p) => p.text).join('') ?? s.title;
}

/** The title, the place and theme isolated in <bdi> so that their direction does not reorder the rest. */
export function SuggestionTitle({ suggestion, translate, locale }: { suggestion: TitledSuggestion; translate: TranslateFunction; locale: string }): ReactNode {
  const list = parts(translate, suggestion, locale);
  if (!list) return <bdi>{suggestion.title}</bdi>;
  return list.map((p, i) => (p.value ? <bdi key={i}>{p.text}</bdi> : <Fragment key={i}>{p.text}</Fragment>));
}
