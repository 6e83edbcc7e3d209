import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { SubAdminEdit } from './SubAdminEdit';
import { SubAdminList } from './SubAdminList';
import { SubAdminShow } from './SubAdminShow';

// The spec's paths: /subadmin (list), /subadmin/{id} (detail), /editsubadmin/{id} (edit) — wired in App.tsx.
export default { list: SubAdminList, icon: AdminPanelSettingsIcon };
export { SubAdminEdit, SubAdminShow };
