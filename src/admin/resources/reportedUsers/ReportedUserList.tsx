import { DataTable } from 'react-admin';
import { PersonCell } from '../../components/reports/ReportCells';
import { ReportList } from '../../components/reports/ReportList';

const fields = 'resources.reportedUsers.fields';

/** /reportedUsers (spec §2): Reported User and Status are not sortable. */
export const ReportedUserList = () => (
  <ReportList searchKey="resources.reportedUsers.search" fields={fields} detailPath={(id) => `/reportedUsers/${id}`} statusSortable={false}>
    <DataTable.Col source="created_by" label={`${fields}.reported_user`} disableSort>
      <PersonCell who="reported" />
    </DataTable.Col>
    <DataTable.Col source="reported_by" label={`${fields}.reported_by`}>
      <PersonCell who="reporter" />
    </DataTable.Col>
  </ReportList>
);
