import { user as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

// The spec's paths: /user (list), /user/{id} (detail), /edituser/{id} (edit) — wired in App.tsx.
export default { list: lazyNamed(() => import('./UserList'), 'UserList'), icon: iconOf(declared) };
export const UserEdit = lazyNamed(() => import('./UserEdit'), 'UserEdit');
export const UserShow = lazyNamed(() => import('./UserShow'), 'UserShow');
