import { HttpError, useTranslate } from 'react-admin';
import type { ResourceDeclaration } from '@shared/resources/index';
import { screenTexts } from './texts';

/** The names a create or update answer reports as already taken (data.duplicates), if any. */
export function duplicatesOf(answer: unknown): string[] {
  const data = answer instanceof HttpError ? (answer.body as { data?: unknown } | undefined)?.data : answer;
  const names = (data as { duplicates?: unknown } | null | undefined)?.duplicates;
  return Array.isArray(names) ? names.map(String) : [];
}

/** The resource's duplicates text naming the taken values of an answer, or undefined when none was taken. */
export function useTakenText(resource: ResourceDeclaration) {
  const translate = useTranslate();
  const { duplicates } = screenTexts(resource);
  return (answer: unknown): string | undefined => {
    const names = duplicatesOf(answer);
    return names.length ? translate(duplicates, { names: names.join(', ') }) : undefined;
  };
}
