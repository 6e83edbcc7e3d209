// The list's export columns (src/shared/listColumns.ts) in the admin's language: each header, word,
// template and missing mark translated, the cell's value and word left as tokens the server fills in.
import type { TranslateFunction as Translate } from 'react-admin';
import { type ExportColumn, type ExportLayout, type ListColumn, listColumnsOf, VALUE_TOKEN, WORD_TOKEN } from '@shared/listColumns';
import { resourceNamed } from '@shared/resources/index';

const TOKENS = { value: VALUE_TOKEN, word: WORD_TOKEN } as const;

function translatedColumn(column: ListColumn, translate: Translate): ExportColumn {
  const params = Object.fromEntries(Object.entries(column.params ?? {}).map(([name, token]) => [name, TOKENS[token]]));
  const text = (key: string) => translate(key, { ...params, smart_count: 1, _: key });
  return {
    source: column.source,
    header: text(column.label),
    ...(column.shows ? { shows: column.shows } : {}),
    ...(column.words ? { words: Object.fromEntries(Object.entries(column.words).map(([value, key]) => [value, text(key)])) } : {}),
    ...(column.wordsOf ? { wordsOf: column.wordsOf } : {}),
    ...(column.template ? { template: text(column.template) } : {}),
    ...(column.missing ? { missing: text(column.missing) } : {}),
  };
}

/**
 * The export layout of a resource's list, or none for a list that declares no columns: the columns its
 * table shows (`hidden`: those the person's column chooser hides).
 */
export function exportLayoutOf(resource: string, translate: Translate, locale: string, hidden: readonly string[] = []): ExportLayout | undefined {
  const declaration = resourceNamed(resource);
  const columns = (declaration ? listColumnsOf(declaration) : []).filter((column) => !hidden.includes(column.source));
  return columns.length ? { locale, columns: columns.map((column) => translatedColumn(column, translate)) } : undefined;
}
