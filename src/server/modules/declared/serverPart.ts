// What only the server knows of a declared resource, handed to the engine by its module (categories:
// names stored capitalised, posts unlinked on delete; email templates: the placeholder check): small and
// declarative, the calls themselves stay the engine's (routes.ts). A resource without one needs none.
import type { ResourceDeclaration } from '@shared/resources/index';
import { type ErrorMessageKey, errorMessages, englishMessage, type ValidationMessageKey } from '@shared/validation/messages';
import type { AppContext } from '@server/context';
import { conflict } from '@server/http/errors';
import type { Beforehand, TakenRefusal } from './store';

export interface DeclaredServerPart {
  /** the OpenAPI tag of its calls (its name otherwise) */
  tag?: string;
  /** how a field's typed text is stored (a category's name capitalised, a tag's lower case), by field */
  stored?: Readonly<Record<string, (value: string) => string>>;
  /** the spec's shape of the taken values in a refusal or a create's answer, beside the uniform `duplicates` */
  duplicates?: (names: string[]) => Record<string, unknown>;
  /** rows that point at a record and must go (or be cleared) with it, so posts and reports stay consistent */
  onDelete?: Beforehand;
  /**
   * a further rule on what a save stores (email templates: where placeholders and images may stand), given
   * the values as sent and as they will be stored: a refusal names the field and its message (a 400)
   */
  check?: (ctx: AppContext, sent: Record<string, unknown>, stored: Record<string, unknown>) => { field: string; problem: ValidationMessageKey } | null;
  /** server messages the declaration's screens do not speak (an email template added: no screen adds one) */
  messages?: Partial<Record<ServerText, ErrorMessageKey>>;
}

/** The texts of a declaration's toasts the server answers with: its screen texts where they are server messages. */
export type ServerText = 'added' | 'updated' | 'deleted' | 'duplicates';
const FALLBACK: Record<ServerText, ErrorMessageKey> = { added: 'recordAdded', updated: 'recordUpdated', deleted: 'recordDeleted', duplicates: 'recordDuplicates' };

/** The server message of a screen text (`messages.categoryAdded` ↔ categoryAdded), else the general one. */
export function messageOf(resource: ResourceDeclaration, text: ServerText, part: DeclaredServerPart = {}): ErrorMessageKey {
  const key = resource.screens?.texts?.[text]?.replace(/^messages\./, '');
  return key && key in errorMessages ? (key as ErrorMessageKey) : (part.messages?.[text] ?? FALLBACK[text]);
}

/** The 409 of taken values, in the declaration's duplicates text and the part's shape. */
export const takenRefusalOf =
  (resource: ResourceDeclaration, part: DeclaredServerPart): TakenRefusal =>
  (names) =>
    conflict(englishMessage(messageOf(resource, 'duplicates'), { names: names.join(', ') }), { ...part.duplicates?.(names), duplicates: names });

/** The form's values as the module stores them (`stored`). */
export function storedByPart(part: DeclaredServerPart, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const [field, store] of Object.entries(part.stored ?? {})) if (typeof out[field] === 'string') out[field] = store(out[field] as string);
  return out;
}
