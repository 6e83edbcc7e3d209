// The one icon table: each icon name of the registry (src/shared/resources/types.ts ICON_NAMES) and its
// @mui/icons-material component. The menu and each <Resource> read it, so they show the same icon.
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CategoryIcon from '@mui/icons-material/Category';
import ChatIcon from '@mui/icons-material/Chat';
import CommentIcon from '@mui/icons-material/Comment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import GavelIcon from '@mui/icons-material/Gavel';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import HistoryIcon from '@mui/icons-material/History';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhotoIcon from '@mui/icons-material/PhotoLibrary';
import PlaceIcon from '@mui/icons-material/Place';
import ReportIcon from '@mui/icons-material/Report';
import RouteIcon from '@mui/icons-material/Route';
import type { ComponentType } from 'react';
import type { IconName, ResourceDeclaration } from '@shared/resources/index';

export const ICONS: Record<IconName, ComponentType> = {
  dashboard: DashboardIcon,
  people: PeopleIcon,
  admin: AdminPanelSettingsIcon,
  place: PlaceIcon,
  photo: PhotoIcon,
  route: RouteIcon,
  category: CategoryIcon,
  tag: LocalOfferIcon,
  email: EmailIcon,
  article: ArticleIcon,
  chat: ChatIcon,
  ai: AutoAwesomeIcon,
  report: ReportIcon,
  list: FormatListBulletedIcon,
  comment: CommentIcon,
  person: PersonIcon,
  history: HistoryIcon,
  gavel: GavelIcon,
  trash: DeleteSweepIcon,
};

/** The icon of a resource: its menu entry's. */
export const iconOf = (resource: ResourceDeclaration): ComponentType => ICONS[resource.menu?.icon ?? 'list'];
