// The sort key of a name (m8): the lists sort names as the Turkish alphabet does, Ç after C (after every
// C word), Ğ after G, Ö after O, Ş after S, Ü after U, the dotted and dotless i as one letter, and case
// and the circumflex ignored. The key is the lower-cased name with each of those letters written as its
// base letter and '~', the ASCII character after every letter, digit and common sign: compared byte by
// byte, 'cz' < 'c~a' ('Çay') < 'd'. The same SQL on SQLite and PostgreSQL (replace and lower), so that a
// generated column indexes it.
import { type RawBuilder, sql } from 'kysely';

const FOLDS: [from: string, to: string][] = [
  ['Ç', 'c~'], ['ç', 'c~'], ['Ğ', 'g~'], ['ğ', 'g~'], ['Ö', 'o~'], ['ö', 'o~'], ['Ş', 's~'], ['ş', 's~'], ['Ü', 'u~'], ['ü', 'u~'],
  ['İ', 'i'], ['ı', 'i'], ['Â', 'a'], ['â', 'a'], ['Î', 'i'], ['î', 'i'], ['Û', 'u'], ['û', 'u'],
];

/** The SQL expression of a column's sort key (a literal, as a generated column's expression must be). */
export function sortKeySql(column: string): RawBuilder<string> {
  const folded = FOLDS.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, column);
  return sql.raw(`lower(${folded})`);
}

/**
 * The sort keys of the big lists' text columns (users, Sub-Admins, spots; migration 032): the key's
 * column and the column it is made of. Derived by the database, they are never part of a record as the
 * server answers it, keeps it in History or exports it (db/rowColumns.ts).
 */
export const SORT_KEYS = {
  users: { name_sort: 'name', location_sort: 'location' },
  spots: { name_sort: 'name', country_sort: 'country', user_name_sort: 'user_name' },
} as const;
export type SortKeyOf<T extends keyof typeof SORT_KEYS> = keyof (typeof SORT_KEYS)[T];

/** The sort key of a value, as the database makes it (to find a row by its indexed key). */
export function sortKeyOf(value: string): RawBuilder<string> {
  // only the folds of letters the value holds (the others change nothing): an ASCII name is lower() alone
  const folds = FOLDS.filter(([from]) => value.includes(from));
  const folded = folds.reduce<RawBuilder<string>>((inner, [from, to]) => sql`replace(${inner}, ${from}, ${to})`, sql`cast(${value} as text)`);
  return sql`lower(${folded})`;
}
