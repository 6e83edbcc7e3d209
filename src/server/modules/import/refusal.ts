// A refusal of the import in the product's envelope, with the catalogue key and values the admin shows
// in its language (useServerMessage reads data.messageKey).
import { type ErrorMessageKey, englishMessage } from '@shared/validation/messages';
import { HttpError } from '@server/http/errors';

export const importRefusal = (status: number, key: ErrorMessageKey, values: Record<string, string | number> = {}, data: Record<string, unknown> = {}) =>
  new HttpError(status, englishMessage(key, values), { ...data, messageKey: key, values });
