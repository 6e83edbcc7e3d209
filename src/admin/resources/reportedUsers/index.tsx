import { reportedUsers as declared } from '@shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

export default ownScreens(declared, lazyNamed(() => import('./ReportedUserList'), 'ReportedUserList'), {
  detail: <ReportDetail resource="reportedUsers" backPath="/reportedUsers" />,
});
