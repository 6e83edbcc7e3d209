import EmailIcon from '@mui/icons-material/Email';
import { EmailTemplateList } from './EmailTemplateList';

export default { list: EmailTemplateList, icon: EmailIcon };
