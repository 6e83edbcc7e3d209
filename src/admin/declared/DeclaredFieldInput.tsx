import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { DeclaredField } from '../../shared/resources/fields';

/** The label of a choice: a status reads from `app.status.*` (translated), another choice as it is. */
export function useChoiceLabel() {
  const translate = useTranslate();
  return (field: DeclaredField, value: string) => (field.name === 'status' ? translate(`app.status.${value}`, { _: value }) : value);
}

/** The form input of one declared field: one line, several lines, a select or a whole number. */
export function DeclaredFieldInput({ resource, field, autoFocus }: { resource: string; field: DeclaredField; autoFocus?: boolean }) {
  const choiceLabel = useChoiceLabel();
  const label = `resources.${resource}.fields.${field.name}`;
  switch (field.type) {
    case 'text':
      return <TextInput source={field.name} label={label} autoFocus={autoFocus} fullWidth />;
    case 'longText':
      return <TextInput source={field.name} label={label} autoFocus={autoFocus} multiline minRows={3} fullWidth />;
    case 'choice':
      return (
        <SelectInput
          source={field.name}
          label={label}
          choices={(field.choices ?? []).map((id) => ({ id, name: choiceLabel(field, id) }))}
          translateChoice={false}
          emptyText=""
        />
      );
    case 'number':
      return <NumberInput source={field.name} label={label} step={1} />;
    default:
      return null;
  }
}
