import PeopleIcon from '@mui/icons-material/People';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

// The spec's paths: /user (list), /user/{id} (detail), /edituser/{id} (edit) — wired in App.tsx.
export default { list: UserList, icon: PeopleIcon };
export { UserEdit, UserShow };
