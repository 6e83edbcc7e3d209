import type { ReactNode } from 'react';
import { ChoicesContextProvider, type RaRecord, useChoicesContext } from 'react-admin';

/**
 * A record a picker may offer: Active ones only (issue 32 m16). A picker-only read (a Sub-Admin without
 * the list's permission, http/picker.ts) carries no status: its rows are offered as they come.
 */
export const isActiveChoice = (record: RaRecord) => record.status === undefined || record.status === 'Active';

/**
 * Inside a ReferenceArrayInput / ReferenceInput: its choices narrowed to Active records, keeping any
 * Inactive one already chosen (an old post's category stays shown). The server search stays as it is.
 */
export function ActiveChoices({ children }: { children: ReactNode }) {
  const context = useChoicesContext();
  if (!context.allChoices) return <ChoicesContextProvider value={context}>{children}</ChoicesContextProvider>;
  const chosen = new Set(context.selectedChoices.map((c) => c.id));
  const keep = (c: RaRecord) => isActiveChoice(c) || chosen.has(c.id);
  return (
    <ChoicesContextProvider value={{ ...context, allChoices: context.allChoices.filter(keep), availableChoices: context.availableChoices.filter(keep) }}>
      {children}
    </ChoicesContextProvider>
  );
}
