import { Chip } from '@mui/material';
import { useMemo } from 'react';
import { BooleanInput, DataTable, SelectInput, useLocaleState, useRecordContext } from 'react-admin';
import { AUDIT_ACTIONS, type AuditEntry, auditEntityKinds } from '@shared/audit';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { AuditActor, AuditChanges, AuditRecord, useAuditText } from '../../components/audit/AuditParts';
import { ResourceList, ResourceTable } from '../../components/lists';
import { PersonFilterInput } from './PersonFilterInput';
import { LanguageDateInput } from '../../components/LanguageDateInput';

const fields = 'resources.audit.fields';
/** The kinds of record the Resource filter offers: every kind the server audits. */
const KINDS = auditEntityKinds(RESOURCES as readonly ResourceDeclaration[]);

/** The Resource filter: each kind of record by its name in the person's language. */
function KindFilterInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const text = useAuditText();
  return <SelectInput {...props} choices={KINDS.map((kind) => ({ id: kind, name: text.kind(kind) }))} translateChoice={false} sx={{ minWidth: 180 }} />;
}

/** The Action filter: each action the trail records, by its label in the person's language. */
function ActionFilterInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const text = useAuditText();
  return <SelectInput {...props} choices={AUDIT_ACTIONS.map((action) => ({ id: action, name: text.action(action) }))} translateChoice={false} sx={{ minWidth: 180 }} />;
}

/** The "hide sign-ins" toggle: the list's `sign_ins=hidden` filter while it is on. */
const HideSignIns = (props: { source: string; label: string; alwaysOn?: boolean }) => (
  <BooleanInput {...props} format={(value: unknown) => value === 'hidden'} parse={(on: boolean) => (on ? 'hidden' : '')} sx={{ alignSelf: 'center' }} />
);

/** The search finds an action by its label on screen (the server knows only the action's name). */
function useSearchLabels() {
  const text = useAuditText();
  const [locale] = useLocaleState();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language only
  return useMemo(() => ({ searchLabels: { param: 'search_actions', labels: Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, text.action(action)])) } }), [locale]);
}

/** Newest first, by time (the server's order of the trail). */
const NEWEST = { field: 'created_at', order: 'DESC' } as const;

const FILTERS = [
  <PersonFilterInput key="actor" source="actor" label="app.audit.filters.person" alwaysOn />,
  <KindFilterInput key="entity" source="entity" label="app.audit.filters.resource" alwaysOn />,
  <LanguageDateInput key="from" source="from" label="app.audit.filters.from" alwaysOn />,
  <LanguageDateInput key="to" source="to" label="app.audit.filters.to" alwaysOn />,
  <ActionFilterInput key="action" source="action" label="app.audit.filters.action" alwaysOn />,
  <HideSignIns key="sign_ins" source="sign_ins" label="app.audit.filters.hide_sign_ins" alwaysOn />,
];

/**
 * /audit (Admins only): who did what to which record and when, with the fields it changed; searched by
 * person, action, kind of record or record id, filtered by person, kind of record and days.
 */
export function AuditList() {
  return (
    <ResourceList searchKey="resources.audit.search" filters={FILTERS} sort={NEWEST} queryMeta={useSearchLabels()}>
      <ResourceTable>
        <DataTable.Col source="created_at" label={`${fields}.created_at`}>
          <WhenCell />
        </DataTable.Col>
        <DataTable.Col source="actor" label={`${fields}.actor`} disableSort>
          <WhoCell />
        </DataTable.Col>
        <DataTable.Col source="action" label={`${fields}.action`} disableSort>
          <ActionCell />
        </DataTable.Col>
        <DataTable.Col source="entity" label={`${fields}.record`} disableSort>
          <RecordCell />
        </DataTable.Col>
        <DataTable.Col source="changes" label={`${fields}.changes`} disableSort>
          <ChangesCell />
        </DataTable.Col>
        <DataTable.Col source="ip" label={`${fields}.origin`} disableSort>
          <OriginCell />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

const useEntry = () => useRecordContext<AuditEntry>();

function WhenCell() {
  const entry = useEntry();
  const text = useAuditText();
  return entry ? <span style={{ whiteSpace: 'nowrap' }}>{text.when(entry.created_at)}</span> : null;
}

function WhoCell() {
  const entry = useEntry();
  return entry ? <AuditActor actor={entry.actor} action={entry.action} /> : null;
}

function ActionCell() {
  const entry = useEntry();
  const text = useAuditText();
  return entry ? <Chip size="small" variant="outlined" label={text.action(entry.action)} title={entry.action} /> : null;
}

function RecordCell() {
  const entry = useEntry();
  return entry ? <AuditRecord entry={entry} /> : null;
}

/** The client's address, its user agent on hover (the trail keeps both; only Admins read them). */
function OriginCell() {
  const entry = useEntry();
  return entry?.ip ? (
    <bdi title={entry.user_agent ?? undefined} style={{ whiteSpace: 'nowrap' }}>
      {entry.ip}
    </bdi>
  ) : null;
}

function ChangesCell() {
  const entry = useEntry();
  return entry ? <AuditChanges entity={entry.entity} changes={entry.changes} /> : null;
}
