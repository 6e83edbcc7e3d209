import CategoryIcon from '@mui/icons-material/Category';
import { CategoryList } from './CategoryList';

export default { list: CategoryList, icon: CategoryIcon };
