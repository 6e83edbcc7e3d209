import CategoryIcon from '@mui/icons-material/Category';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./CategoryList'), 'CategoryList'), icon: CategoryIcon };
