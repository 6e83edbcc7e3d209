// What names a record of a declared resource: its first `text` field (a blank slug is made from it, and
// another resource's reference shows and picks the record by it). Apart from fields.ts so that the
// admin's first page can read it without the forms' zod schemas.
import type { ResourceDeclaration } from './types';

/** The name of the resource's first `text` field, if it has one. */
export const titleField = (resource: ResourceDeclaration): string | undefined =>
  Object.entries(resource.fields).find(([, field]) => field.type === 'text')?.[0];
