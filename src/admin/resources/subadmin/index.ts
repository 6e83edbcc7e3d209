import { subadmin as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

// The spec's paths: /subadmin (list), /subadmin/{id} (detail), /editsubadmin/{id} (edit) — wired in App.tsx.
export default { list: lazyNamed(() => import('./SubAdminList'), 'SubAdminList'), icon: iconOf(declared) };
export const SubAdminEdit = lazyNamed(() => import('./SubAdminEdit'), 'SubAdminEdit');
export const SubAdminShow = lazyNamed(() => import('./SubAdminShow'), 'SubAdminShow');
