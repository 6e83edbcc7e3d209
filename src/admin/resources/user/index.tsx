import { user as declared } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

const UserEdit = lazyNamed(() => import('./UserEdit'), 'UserEdit');
const UserShow = lazyNamed(() => import('./UserShow'), 'UserShow');

/** The spec's paths: /user (list), /user/{id} (detail), /edituser/{id} (edit). */
export default ownScreens(declared, lazyNamed(() => import('./UserList'), 'UserList'), {
  detail: <UserShow />,
  pages: [{ path: '/edituser/:id', element: <UserEdit /> }],
});
