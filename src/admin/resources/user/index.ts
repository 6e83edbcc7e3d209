import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../lazy';

// The spec's paths: /user (list), /user/{id} (detail), /edituser/{id} (edit) — wired in App.tsx.
export default { list: lazyNamed(() => import('./UserList'), 'UserList'), icon: PeopleIcon };
export const UserEdit = lazyNamed(() => import('./UserEdit'), 'UserEdit');
export const UserShow = lazyNamed(() => import('./UserShow'), 'UserShow');
