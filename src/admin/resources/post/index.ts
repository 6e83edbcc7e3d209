import PhotoIcon from '@mui/icons-material/Photo';
import { PostList } from './PostList';
import { PostShow } from './PostShow';

export { PostShow };
export default { list: PostList, icon: PhotoIcon };
