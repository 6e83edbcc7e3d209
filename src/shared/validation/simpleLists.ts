// Rules of the simple list screens, named-status and rich-page (spec §5 "Category", "Email template, content page, tags, report
// categories"): the same schemas drive the admin's dialogs and the API.
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../resources/plain';
import { isBlankHtml, SLUG_PATTERN } from '../text';
import { noControlCharacters } from './common';
import { type ValidationMessageKey, v } from './messages';

export const CATALOGUE_STATUSES = ACTIVE_STATUSES;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

const MAX_NAME = 100;

const statusField = (required: ValidationMessageKey) =>
  z.enum(CATALOGUE_STATUSES, { error: v(required) });

const nameField = (required: ValidationMessageKey) =>
  noControlCharacters(
    z
      .string({ error: v(required) })
      .trim()
      .min(1, v(required))
      .max(MAX_NAME, v('nameTooLong')),
  );

/** Messages of one named resource (category, tag, report category). */
export interface NamedRules {
  /** add dialog: a blank row */
  emptyName: ValidationMessageKey;
  /** edit dialog: blank name */
  requiredName: ValidationMessageKey;
  requiredStatus: ValidationMessageKey;
}

export const NAMED_RULES = {
  category: { emptyName: 'categoryNameEmpty', requiredName: 'categoryNameRequired', requiredStatus: 'statusSelect' },
  tag: { emptyName: 'tagNameEmpty', requiredName: 'tagNameRequired', requiredStatus: 'tagStatusRequired' },
  reportCategory: {
    emptyName: 'reportCategoryNameRequired',
    requiredName: 'reportCategoryNameRequired',
    requiredStatus: 'statusSelect',
  },
} as const satisfies Record<string, NamedRules>;
export type NamedKind = keyof typeof NAMED_RULES;

/** Add dialog: one or more name/status rows; removing every row is an error too. */
export const namedRowsSchema = (kind: NamedKind) => {
  const rules: NamedRules = NAMED_RULES[kind];
  return z.object({
    rows: z
      .array(z.object({ name: nameField(rules.emptyName), status: statusField(rules.requiredStatus) }), {
        error: v(rules.emptyName),
      })
      .min(1, v(rules.emptyName)),
  });
};
export type NamedRows = z.infer<ReturnType<typeof namedRowsSchema>>;

/** Edit dialog (and the API's update). */
export const namedEditSchema = (kind: NamedKind) => {
  const rules: NamedRules = NAMED_RULES[kind];
  return z.object({ name: nameField(rules.requiredName), status: statusField(rules.requiredStatus) });
};

const titleField = (required: ValidationMessageKey) =>
  noControlCharacters(
    z
      .string({ error: v(required) })
      .trim()
      .min(1, v(required))
      .max(200, v('titleTooLong')),
  );

/** Email template edit (spec §5): a title; the description is rich text. */
export const emailTemplateSchema = z.object({
  title: titleField('templateTitleRequired'),
  status: statusField('statusSelect').default('Active'),
  description: noControlCharacters(z.string(), true).default(''),
});

/** Content page add / edit (spec §5): title, status and a non-blank description; slug optional. */
export const contentPageSchema = z.object({
  title: titleField('pageTitleRequired'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .refine((s) => s === '' || SLUG_PATTERN.test(s), v('slugInvalid'))
    .optional(),
  status: statusField('statusSelect'),
  description: noControlCharacters(z.string({ error: v('pageDescriptionRequired') }), true).refine(
    (html) => !isBlankHtml(html),
    v('pageDescriptionRequired'),
  ),
});
