import PersonOffIcon from '@mui/icons-material/PersonOff';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ReportedUserList'), 'ReportedUserList'), icon: PersonOffIcon };
