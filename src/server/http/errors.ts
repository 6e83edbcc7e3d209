// Errors that become the envelope's 4xx answers (DESIGN.md §3). Messages are the spec's English texts.
import { englishMessage, englishText } from '@shared/validation/messages';
import { RecordChanged, RecordGone } from '@server/db/errors';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly data: unknown = null,
    public readonly headers: Record<string, string> = {},
  ) {
    super(englishText(message));
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : null);
export const unauthorized = (message = 'Invalid access_token') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, data: unknown = null) => new HttpError(409, message, data);

/** A request that failed its zod schema: 400 with the first message, every field's message in data.errors. */
export class ValidationFailed extends HttpError {
  constructor(issues: { path: PropertyKey[]; message: string }[]) {
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const key = issue.path.map(String).join('.') || '_';
      errors[key] ??= englishText(issue.message);
    }
    super(400, issues[0]?.message ?? 'validation.invalidInput', { errors });
  }
}

/** An error as the answer it is: an HttpError, or a refusal of the database layer (db/errors.ts); otherwise undefined. */
export function refusalOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof RecordChanged) return conflict(englishMessage('recordChanged'));
  if (error instanceof RecordGone) return notFound();
  return undefined;
}
