// What categories, tags and report categories share (spec §7): a unique name and a status, listed by
// the screens made from their declaration, each with its own messages and dialog texts.
import type { ValidationMessageKey } from '../validation/messages';
import { STATUS_FIELD } from './plain';
import type { ApiCalls, ResourceDeclaration, ScreenTexts } from './types';

/** The longest name of a category, tag or report category. */
export const MAX_NAME = 100;

/**
 * The fields of a named list: its Name (unique, searched, sortable), Created Date and Status columns, in
 * that order; `messages` are the spec's for a blank name (edit dialog, a blank add row) and status.
 */
export const namedFields = (
  messages: { requiredName: ValidationMessageKey; requiredInRow: ValidationMessageKey; requiredStatus: ValidationMessageKey },
  typed?: 'lowercase',
) =>
  ({
    id: { type: 'id', sortable: true },
    name: {
      type: 'text',
      required: true,
      max: MAX_NAME,
      unique: true,
      list: true,
      form: true,
      sortable: true,
      // the Turkish alphabet's order (the generated sort key of migration 028, db/sortKey.ts)
      sortColumn: 'name_sort',
      searchable: true,
      ...(typed ? { typed } : {}),
      messages: { required: messages.requiredName, requiredInRow: messages.requiredInRow, tooLong: 'nameTooLong' },
    },
    created_at: { type: 'timestamp', list: true, sortable: true },
    status: { ...STATUS_FIELD, show: false, searchable: true, messages: { required: messages.requiredStatus } },
  }) as const satisfies ResourceDeclaration['fields'];

/**
 * A named list's texts, following the catalogues' naming: `app.<screen>.add|edit` for the dialogs,
 * `messages.<kind>Added|Updated|Deleted|Duplicates` for the toasts, `app.confirm.delete_<screen>`.
 */
export const namedTexts = (screen: string, kind: string): ScreenTexts => ({
  add: `app.${screen}.add`,
  edit: `app.${screen}.edit`,
  added: `messages.${kind}Added`,
  updated: `messages.${kind}Updated`,
  deleted: `messages.${kind}Deleted`,
  duplicates: `messages.${kind}Duplicates`,
  deleteConfirm: `app.confirm.delete_${screen}`,
});

/** The calls of a named list under `base`: list, create, update, delete, JSON bodies. */
export const namedCalls = (base: string, defaultOrder: ApiCalls['defaultOrder'], query?: ApiCalls['query']) =>
  ({
    list: base,
    create: `${base}/create`,
    update: `${base}/update`,
    remove: `${base}/delete/:id`,
    pageBase: 0,
    defaultOrder,
    ...(query ? { query } : {}),
    json: true,
  }) as const satisfies ApiCalls;

export const byName = { direction: 'ASC', name: 'name', type: 'default' } as const;
export const byNewest = { direction: 'DESC', name: 'id', type: 'default' } as const;
