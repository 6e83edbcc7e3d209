import PlaceIcon from '@mui/icons-material/Place';
import { SpotList } from './SpotList';

export default { list: SpotList, icon: PlaceIcon };
