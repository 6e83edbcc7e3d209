import { audit as declared } from '@shared/resources/audit';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

/** /audit: the audit log (no detail page: each entry links its record's). */
export default ownScreens(declared, lazyNamed(() => import('./AuditList'), 'AuditList'));
