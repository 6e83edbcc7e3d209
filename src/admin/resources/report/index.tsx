import { report as declared } from '@shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

export default ownScreens(declared, lazyNamed(() => import('./ReportPostList'), 'ReportPostList'), {
  detail: <ReportDetail resource="report" backPath="/report" />,
});
