// What content pages and email templates share: titled rich texts with a unique slug and a status,
// listed by Title, Slug and Created Date, edited in a wide dialog with the rich-text editor.
import type { ValidationMessageKey } from '../validation/messages';
import { STATUS_FIELD } from './plain';
import type { ResourceDeclaration } from './types';

/** The title of a page or template: required (with the resource's message), listed, searched, sortable. */
export const pageTitle = (required: ValidationMessageKey) =>
  ({
    type: 'text',
    required: true,
    max: 200,
    list: true,
    form: true,
    sortable: true,
    searchable: true,
    messages: { required, tooLong: 'titleTooLong' },
  }) as const satisfies ResourceDeclaration['fields'][string];

/** The slug, listed, searched and sortable; `form`: typed in the dialogs (made from the title when left empty). */
export const pageSlug = (form: boolean) =>
  ({ type: 'slug', list: true, form, sortable: true, searchable: true, ...(form ? { hint: 'app.content.slug_help' } : {}) }) as const;

/**
 * A page's status: `chosen`, chosen in its dialogs and listed; else taken by the save call but neither
 * listed nor shown in the dialog (kept as it is, Active for a new one).
 */
export const pageStatus = (chosen: boolean) => {
  const status = { ...STATUS_FIELD, show: false, searchable: true, messages: { required: 'statusSelect' } } as const;
  return chosen ? status : ({ ...status, list: false, required: false, input: false } as const);
};

export const PAGE_RECORD_FIELDS = {
  id: { type: 'id', sortable: true },
  created_at: { type: 'timestamp', list: true, sortable: true },
} as const;
