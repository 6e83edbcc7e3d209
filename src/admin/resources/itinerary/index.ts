import RouteIcon from '@mui/icons-material/Route';
import { lazyNamed } from '../../lazy';

export const ItineraryShow = lazyNamed(() => import('./ItineraryShow'), 'ItineraryShow');
export default { list: lazyNamed(() => import('./ItineraryList'), 'ItineraryList'), icon: RouteIcon };
