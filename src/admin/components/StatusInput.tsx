import { SelectInput, useTranslate } from 'react-admin';
import { ACTIVE_STATUSES } from '@shared/resources/plain';

/** Active / Inactive select of the catalogue forms (spec §4: status is changed through the edit form). */
export function StatusInput({
  source,
  label = 'app.catalogue.status',
  defaultValue,
}: {
  source: string;
  label?: string;
  defaultValue?: string;
}) {
  const translate = useTranslate();
  const choices = ACTIVE_STATUSES.map((id) => ({ id, name: translate(`app.status.${id}`) }));
  return <SelectInput source={source} label={label} choices={choices} emptyText="" translateChoice={false} defaultValue={defaultValue} />;
}

/** The status select of the account forms and dialogs (users, sub-admins), with the given choices. */
export function AccountStatusInput({ statuses, disabled }: { statuses: readonly string[]; disabled?: boolean }) {
  return (
    <SelectInput
      source="status"
      label="resources.user.fields.status"
      emptyText=""
      emptyValue=""
      choices={statuses.map((s) => ({ id: s, name: `app.status.${s}` }))}
      disabled={disabled}
      fullWidth
    />
  );
}
