import EmailIcon from '@mui/icons-material/Email';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./EmailTemplateList'), 'EmailTemplateList'), icon: EmailIcon };
