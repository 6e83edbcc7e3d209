/** Every unknown path lands on the 404 page (spec §2), and so does an edit page of a record that is not there. */
export const NOT_FOUND_PATH = '/pages/errors/error-404';

/** A read refused because its record is not there (deleted, never was, an id that is not one). */
export const isMissingRecord = (error: unknown) => [400, 404].includes((error as { status?: number } | null)?.status ?? 0);
