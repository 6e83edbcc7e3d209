import { subadmin as declared } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

const SubAdminEdit = lazyNamed(() => import('./SubAdminEdit'), 'SubAdminEdit');
const SubAdminShow = lazyNamed(() => import('./SubAdminShow'), 'SubAdminShow');

/** The spec's paths: /subadmin (list), /subadmin/{id} (detail), /editsubadmin/{id} (edit). */
export default ownScreens(declared, lazyNamed(() => import('./SubAdminList'), 'SubAdminList'), {
  detail: <SubAdminShow />,
  pages: [{ path: '/editsubadmin/:id', element: <SubAdminEdit /> }],
});
