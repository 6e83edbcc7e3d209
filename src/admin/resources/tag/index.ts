import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./TagList'), 'TagList'), icon: LocalOfferIcon };
