import { itinerary as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';

export const ItineraryShow = lazyNamed(() => import('./ItineraryShow'), 'ItineraryShow');
export default { list: lazyNamed(() => import('./ItineraryList'), 'ItineraryList'), icon: iconOf(declared) };
