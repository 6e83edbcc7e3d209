import ArticleIcon from '@mui/icons-material/Article';
import { ContentPageList } from './ContentPageList';

export default { list: ContentPageList, icon: ArticleIcon };
