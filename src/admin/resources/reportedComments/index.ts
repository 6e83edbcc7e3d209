import CommentIcon from '@mui/icons-material/Comment';
import { ReportedCommentList } from './ReportedCommentList';

export default { list: ReportedCommentList, icon: CommentIcon };
