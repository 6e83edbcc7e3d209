import PhotoIcon from '@mui/icons-material/Photo';
import { lazyNamed } from '../../lazy';

export const PostShow = lazyNamed(() => import('./PostShow'), 'PostShow');
export default { list: lazyNamed(() => import('./PostList'), 'PostList'), icon: PhotoIcon };
