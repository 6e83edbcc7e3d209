import { Route } from 'react-router-dom';
import { itinerary as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

const ItineraryShow = lazyNamed(() => import('./ItineraryShow'), 'ItineraryShow');

export default {
  list: lazyNamed(() => import('./ItineraryList'), 'ItineraryList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<ItineraryShow />} />,
} satisfies ResourceScreens;
