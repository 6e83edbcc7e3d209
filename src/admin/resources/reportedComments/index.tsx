import { reportedComments as declared } from '@shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

/** A reported comment's detail is at the spec's /reportedComment/{id}, beside the list's path. */
export default ownScreens(declared, lazyNamed(() => import('./ReportedCommentList'), 'ReportedCommentList'), {
  pages: [{ path: '/reportedComment/:id', element: <ReportDetail resource="reportedComments" backPath="/reportedComments" /> }],
});
