// The moderation desk (/moderation, issue 34): the open cases, most urgent first; filtered by the
// sidebar (a phone: the filter button), searched, sorted; j/k move, Enter opens, a decision's key opens
// its confirmation, c claims, ? shows the keys.
import { useEffect, useState } from 'react';
import { ResourceContextProvider, useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ResourceList, ResourceTable } from '../../components/lists';
import { Col } from '../../components/phoneCards';
import { usePhone } from '../../components/usePhone';
import { moderation } from '../../providers/dataProvider';
import { BY_PRIORITY, type DecisionAction, decisionsFor, type ModerationCase } from '../../providers/moderation';
import { CasePreview, HolderCell, KindChip, MomentCell, PriorityCell } from './CaseCells';
import { rememberCaseOrder } from './caseOrder';
import { DecisionDialog } from './DecisionDialog';
import { DeskFilterSidebar, useDeskFilterInputs } from './DeskFilters';
import { useDeskKeys } from './keys';
import { KeysHelpDialog } from './KeysHelpDialog';
import { useCaseAction } from './useCaseActions';

const fields = 'app.moderation.columns';
export const casePath = (id: number | string) => `/moderation/${id}`;
const ROWS = '.RaDataTable-tbody > tr';

export function DeskPage() {
  const translate = useTranslate();
  const phone = usePhone();
  const inputs = useDeskFilterInputs();
  return (
    <ResourceContextProvider value="moderation">
      <ResourceList
        title={translate('app.moderation.title')}
        searchKey="app.moderation.search"
        sort={BY_PRIORITY}
        exportable={false}
        // (a view is saved for a resource's list; the desk and the Trash are pages)
        views={false}
        filters={phone ? inputs : []}
        aside={phone ? undefined : <DeskFilterSidebar />}
      >
        <DeskTable />
      </ResourceList>
    </ResourceContextProvider>
  );
}

/** The cases' table, with the keyboard's selection (the selected row has the focus). */
function DeskTable() {
  const { data = [] } = useListContext<ModerationCase>();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(-1);
  const [deciding, setDeciding] = useState<DecisionAction | null>(null);
  const [help, setHelp] = useState(false);
  const { run } = useCaseAction();
  useEffect(() => rememberCaseOrder(data.map((c) => c.id)), [data]);
  const current = data[selected] as ModerationCase | undefined;
  const select = (index: number) => {
    const next = Math.max(0, Math.min(data.length - 1, index));
    setSelected(next);
    const row = document.querySelectorAll<HTMLElement>(ROWS)[next];
    if (row) {
      row.tabIndex = -1;
      row.focus();
    }
  };
  useDeskKeys((command) => {
    if (command === 'help') return setHelp(true);
    if (command === 'next') return select(selected + 1);
    if (command === 'previous') return select(selected < 0 ? 0 : selected - 1);
    if (!current) return false;
    if (command === 'open') return void navigate(casePath(current.id));
    if (command === 'claim') return void run(() => moderation.claim(current.id), 'app.moderation.claimed');
    if (current.status !== 'open' || !decisionsFor(current.kind).includes(command)) return false;
    setDeciding(command);
  });
  return (
    <>
      <ResourceTable
        scrolls
        size="small"
        rowClick={(id) => casePath(id)}
        rowSx={(_record, index) => (index === selected ? { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } : {})}
      >
        <Col source="preview" label={`${fields}.target`} disableSort>
          <CasePreview />
        </Col>
        <Col source="priority" label={`${fields}.priority`}>
          <PriorityCell />
        </Col>
        <Col source="holder" label={`${fields}.holder`} disableSort>
          <HolderCell />
        </Col>
        <Col source="kind" label={`${fields}.kind`} disableSort>
          <KindChip />
        </Col>
        <Col source="report_count" label={`${fields}.report_count`} />
        <Col source="reasons" label={`${fields}.reasons`} disableSort />
        <Col source="first_reported_at" label={`${fields}.first_reported_at`}>
          <MomentCell source="first_reported_at" />
        </Col>
        <Col source="last_reported_at" label={`${fields}.last_reported_at`}>
          <MomentCell source="last_reported_at" />
        </Col>
      </ResourceTable>
      {deciding && current && <DecisionDialog record={current} action={deciding} onClose={() => setDeciding(null)} />}
      <KeysHelpDialog open={help} onClose={() => setHelp(false)} />
    </>
  );
}
