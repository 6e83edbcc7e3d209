import { contentmanagement as declared } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

export default ownScreens(declared, lazyNamed(() => import('./ContentPageList'), 'ContentPageList'));
