import ArticleIcon from '@mui/icons-material/Article';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ContentPageList'), 'ContentPageList'), icon: ArticleIcon };
