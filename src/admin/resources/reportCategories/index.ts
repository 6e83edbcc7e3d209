import ReportIcon from '@mui/icons-material/Report';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ReportCategoryList'), 'ReportCategoryList'), icon: ReportIcon };
