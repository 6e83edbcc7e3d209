import { category as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./CategoryList'), 'CategoryList'), icon: iconOf(declared) };
