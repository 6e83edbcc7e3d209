import PersonOffIcon from '@mui/icons-material/PersonOff';
import { ReportedUserList } from './ReportedUserList';

export default { list: ReportedUserList, icon: PersonOffIcon };
