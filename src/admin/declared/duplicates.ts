import { HttpError } from 'react-admin';

/** The names a create or update answer reports as already taken (data.duplicates), if any. */
export function duplicatesOf(answer: unknown): string[] {
  const data = answer instanceof HttpError ? (answer.body as { data?: unknown } | undefined)?.data : answer;
  const names = (data as { duplicates?: unknown } | null | undefined)?.duplicates;
  return Array.isArray(names) ? names.map(String) : [];
}
