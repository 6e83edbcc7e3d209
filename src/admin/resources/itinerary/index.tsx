import { itinerary as declared } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';
import { ownScreens } from '../ownScreens';

const ItineraryShow = lazyNamed(() => import('./ItineraryShow'), 'ItineraryShow');

export default ownScreens(declared, lazyNamed(() => import('./ItineraryList'), 'ItineraryList'), { detail: <ItineraryShow /> });
