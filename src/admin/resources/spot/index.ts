import PlaceIcon from '@mui/icons-material/Place';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./SpotList'), 'SpotList'), icon: PlaceIcon };
