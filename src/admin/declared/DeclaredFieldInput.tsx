import { lazy, Suspense } from 'react';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { DeclaredField } from '@shared/resources/fields';
import { lowerCase } from '@shared/text';
import { LanguageDateInput } from '../components/LanguageDateInput';
import { PlaceholderWarning } from './PlaceholderWarning';

/** The label of a choice: a status reads from `app.status.*` (translated), another choice as it is. */
export function useChoiceLabel() {
  const translate = useTranslate();
  return (field: DeclaredField, value: string) => (field.name === 'status' ? translate(`app.status.${value}`, { _: value }) : value);
}

// the editor (and its ProseMirror) loads with the first form that has a rich-text field, the image
// input (its drop zone) with the first that has an image field
const RichTextInput = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));
const DeclaredImageInput = lazy(() => import('./DeclaredImageInput').then((m) => ({ default: m.DeclaredImageInput })));

/** How a typed value is kept while it is typed (`typed` of the declaration). */
const TYPED = { lowercase: lowerCase } as const;
/** a text is kept as typed (an emptied input stays '', which the form's rule reads as blank) */
const asTyped = (typed: string) => typed;

/** A moment as the API keeps it (UTC) and as the date input shows it (this browser's local time, 'YYYY-MM-DDTHH:mm'). */
const two = (n: number) => String(n).padStart(2, '0');
const localMoment = (iso: unknown) => {
  const at = typeof iso === 'string' && iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}` : '';
};
const utcMoment = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * The form input of one declared field: one line, several lines, a select, a whole number, a day or a moment
 * in the language's pattern, a yes/no switch, a record of another resource or an image. `inRow`:
 * an input of a row of the several-rows add dialog (side by side, not across the dialog).
 */
export function DeclaredFieldInput({
  resource,
  field,
  autoFocus,
  inRow,
  slug,
}: {
  resource: string;
  field: DeclaredField;
  autoFocus?: boolean;
  inRow?: boolean;
  /** the edited record's slug (an email template's names its mail) */
  slug?: string;
}) {
  const choiceLabel = useChoiceLabel();
  const translate = useTranslate();
  const label = `resources.${resource}.fields.${field.name}`;
  const helperText = field.hint ? translate(field.hint) : undefined;
  // a row added to the dialog starts with the declared initial value, as the first one does
  const defaultValue = field.initial;
  const width = inRow ? { sx: { minWidth: 240 } } : { fullWidth: true };
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          source={field.name}
          label={label}
          autoFocus={autoFocus}
          defaultValue={defaultValue}
          parse={field.typed ? TYPED[field.typed] : asTyped}
          format={(value?: string) => value ?? ''}
          {...width}
        />
      );
    case 'slug':
      return <TextInput source={field.name} label={label} helperText={helperText} format={(value?: string) => value ?? ''} parse={asTyped} {...width} />;
    case 'richText':
      return (
        <Suspense fallback={null}>
          {/* 256 px high (spec §2); the server sanitises what the editor sends */}
          <RichTextInput source={field.name} label={label} helperText={helperText} fullWidth sx={{ '& .ProseMirror': { height: 256, overflowY: 'auto' } }} />
          {/* an email template's placeholders that its mail does not fill in */}
          <PlaceholderWarning source={field.name} slug={slug} />
        </Suspense>
      );
    case 'longText':
      return <TextInput source={field.name} label={label} autoFocus={autoFocus} defaultValue={defaultValue} multiline minRows={3} {...width} />;
    case 'choice':
      return (
        <SelectInput
          source={field.name}
          label={label}
          choices={(field.choices ?? []).map((id) => ({ id, name: choiceLabel(field, id) }))}
          translateChoice={false}
          defaultValue={defaultValue}
          emptyText=""
        />
      );
    case 'number':
      return <NumberInput source={field.name} label={label} step={1} defaultValue={defaultValue} />;
    case 'date':
      return <LanguageDateInput source={field.name} label={label} />;
    case 'dateTime':
      return <LanguageDateInput source={field.name} label={label} time format={localMoment} parse={utcMoment} />;
    case 'boolean':
      return <BooleanInput source={field.name} label={label} helperText={helperText ?? false} />;
    case 'reference':
      // the referenced resource names its records (its first text field: declared/screens.ts)
      return (
        <ReferenceInput source={field.name} reference={field.reference!}>
          <AutocompleteInput label={label} helperText={helperText} {...width} />
        </ReferenceInput>
      );
    case 'image':
      return (
        <Suspense fallback={null}>
          <DeclaredImageInput resource={resource} source={field.name} label={label} />
        </Suspense>
      );
    default:
      return null;
  }
}
