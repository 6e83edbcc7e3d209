import RouteIcon from '@mui/icons-material/Route';
import { ItineraryList } from './ItineraryList';
import { ItineraryShow } from './ItineraryShow';

export { ItineraryShow };
export default { list: ItineraryList, icon: RouteIcon };
