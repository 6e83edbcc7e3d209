import ReportIcon from '@mui/icons-material/Report';
import { ReportCategoryList } from './ReportCategoryList';

export default { list: ReportCategoryList, icon: ReportIcon };
