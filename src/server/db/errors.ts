// The database layer's refusals. db/ knows nothing of HTTP: http/errors.ts (refusalOf) turns each into the
// answer it is, with the same status and message wherever it is thrown.

/** A checked save found its row changed since the form was opened (db/versions.ts): 409 'recordChanged'. */
export class RecordChanged extends Error {
  constructor() {
    super('recordChanged');
  }
}

/** A checked save found no row to change: 404. */
export class RecordGone extends Error {
  constructor() {
    super('Not found');
  }
}
