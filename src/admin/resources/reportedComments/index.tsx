import { reportedComments as declared } from '../../../shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

/** A reported comment's detail is at the spec's /reportedComment/{id}, beside the list's path. */
export default {
  list: lazyNamed(() => import('./ReportedCommentList'), 'ReportedCommentList'),
  icon: iconOf(declared),
  pages: [{ path: '/reportedComment/:id', element: <ReportDetail resource="reportedComments" backPath="/reportedComments" /> }],
} satisfies ResourceScreens;
