import { Route } from 'react-router-dom';
import { user as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

const UserEdit = lazyNamed(() => import('./UserEdit'), 'UserEdit');
const UserShow = lazyNamed(() => import('./UserShow'), 'UserShow');

/** The spec's paths: /user (list), /user/{id} (detail), /edituser/{id} (edit). */
export default {
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<UserShow />} />,
  pages: [{ path: '/edituser/:id', element: <UserEdit /> }],
} satisfies ResourceScreens;
