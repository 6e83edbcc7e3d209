import { post as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

export const PostShow = lazyNamed(() => import('./PostShow'), 'PostShow');
export default { list: lazyNamed(() => import('./PostList'), 'PostList'), icon: iconOf(declared) };
