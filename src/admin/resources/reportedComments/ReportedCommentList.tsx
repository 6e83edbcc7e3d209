import { DataTable } from 'react-admin';
import { TextOrMissing } from '../../components/reports/ReportCells';
import { PostReportColumns, ReportList } from '../../components/reports/ReportList';

const fields = 'resources.reportedComments.fields';

/** /reportedComments, 'Reported Comments' (spec §2); a row opens /reportedComment/{id}. */
export const ReportedCommentList = () => (
  <ReportList searchKey="resources.reportedComments.search" fields={fields} detailPath={(id) => `/reportedComment/${id}`}>
    <PostReportColumns fields={fields} />
    <DataTable.Col source="comment" label={`${fields}.comment`}>
      <TextOrMissing value={(r) => r.comment?.comment} />
    </DataTable.Col>
  </ReportList>
);
