import { spot as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./SpotList'), 'SpotList'), icon: iconOf(declared) };
