import { Route } from 'react-router-dom';
import { subadmin as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

const SubAdminEdit = lazyNamed(() => import('./SubAdminEdit'), 'SubAdminEdit');
const SubAdminShow = lazyNamed(() => import('./SubAdminShow'), 'SubAdminShow');

/** The spec's paths: /subadmin (list), /subadmin/{id} (detail), /editsubadmin/{id} (edit). */
export default {
  list: lazyNamed(() => import('./SubAdminList'), 'SubAdminList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<SubAdminShow />} />,
  pages: [{ path: '/editsubadmin/:id', element: <SubAdminEdit /> }],
} satisfies ResourceScreens;
