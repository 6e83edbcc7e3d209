import { PostReportColumns, ReportList } from '../../components/reports/ReportList';

const fields = 'resources.report.fields';

/** /report, 'Report Post' (spec §2). */
export const ReportPostList = () => (
  <ReportList searchKey="resources.report.search" fields={fields} detailPath={(id) => `/report/${id}`}>
    <PostReportColumns fields={fields} />
  </ReportList>
);
