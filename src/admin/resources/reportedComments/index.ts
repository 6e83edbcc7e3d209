import CommentIcon from '@mui/icons-material/Comment';
import { lazyNamed } from '../../lazy';

export default { list: lazyNamed(() => import('./ReportedCommentList'), 'ReportedCommentList'), icon: CommentIcon };
