import { Route } from 'react-router-dom';
import { reportedUsers as declared } from '../../../shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

export default {
  list: lazyNamed(() => import('./ReportedUserList'), 'ReportedUserList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<ReportDetail resource="reportedUsers" backPath="/reportedUsers" />} />,
} satisfies ResourceScreens;
