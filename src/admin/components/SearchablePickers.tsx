import {
  AutocompleteArrayInput,
  type AutocompleteArrayInputProps,
  AutocompleteInput,
  type AutocompleteInputProps,
  useChoicesContext,
} from 'react-admin';

/**
 * The hint of a reference picker that offers only the first records of many: typing finds the others.
 * Nothing when every record is already offered.
 */
function useTypeToSearchHint(): string | undefined {
  const { total, allChoices } = useChoicesContext();
  return total != null && total > (allChoices?.length ?? 0) ? 'app.records.type_to_search' : undefined;
}

/** A one-record picker (inside a ReferenceInput) that says "Type to search" when it shows only the first records. */
export function SearchablePicker(props: AutocompleteInputProps) {
  return <AutocompleteInput helperText={useTypeToSearchHint()} {...props} />;
}

/** A several-records picker (inside a ReferenceArrayInput) that says "Type to search" when it shows only the first records. */
export function SearchableMultiPicker(props: AutocompleteArrayInputProps) {
  return <AutocompleteArrayInput helperText={useTypeToSearchHint()} {...props} />;
}
