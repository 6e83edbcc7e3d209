import { Route } from 'react-router-dom';
import { report as declared } from '../../../shared/resources/index';
import { ReportDetail } from '../../components/reports/lazyReportDetail';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

export default {
  list: lazyNamed(() => import('./ReportPostList'), 'ReportPostList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<ReportDetail resource="report" backPath="/report" />} />,
} satisfies ResourceScreens;
