import { contentmanagement as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ContentPageList'), 'ContentPageList'), icon: iconOf(declared) };
