import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyNamed } from '../../lazy';

// The spec's paths: /subadmin (list), /subadmin/{id} (detail), /editsubadmin/{id} (edit) — wired in App.tsx.
export default { list: lazyNamed(() => import('./SubAdminList'), 'SubAdminList'), icon: AdminPanelSettingsIcon };
export const SubAdminEdit = lazyNamed(() => import('./SubAdminEdit'), 'SubAdminEdit');
export const SubAdminShow = lazyNamed(() => import('./SubAdminShow'), 'SubAdminShow');
