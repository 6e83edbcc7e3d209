import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { TagList } from './TagList';

export default { list: TagList, icon: LocalOfferIcon };
