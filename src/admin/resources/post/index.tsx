import { post as declared } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

const PostShow = lazyNamed(() => import('./PostShow'), 'PostShow');

export default ownScreens(declared, lazyNamed(() => import('./PostList'), 'PostList'), { detail: <PostShow /> });
