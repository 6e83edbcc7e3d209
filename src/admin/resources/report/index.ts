import FlagIcon from '@mui/icons-material/Flag';
import { ReportPostList } from './ReportPostList';

export default { list: ReportPostList, icon: FlagIcon };
