import FlagIcon from '@mui/icons-material/Flag';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ReportPostList'), 'ReportPostList'), icon: FlagIcon };
