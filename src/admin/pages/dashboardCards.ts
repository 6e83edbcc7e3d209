// The seven cards of spec §2 "/dashboard", each opening its list: plain data, shared by the Dashboard and
// the start-up shell (src/admin/shell/), which draws their frames before the admin's code has loaded.
import type { DashboardStatistics } from '../../shared/contract';

export interface DashboardCard {
  key: keyof Omit<DashboardStatistics, 'userByStatus'>;
  /** the catalogue key of its title */
  title: string;
  to: string;
  /** the access rule (src/shared/access.ts) the card's list needs */
  access: string;
  /** its @mui/icons-material icon */
  icon: 'People' | 'Place' | 'PhotoLibrary' | 'Route' | 'Category' | 'LocalOffer' | 'Report';
  color: string;
}

// A Sub-Admin's card of a list it may not open is no link and says so (the Reports card needs
// Report-list, which the report calls need).
export const DASHBOARD_CARDS: DashboardCard[] = [
  { key: 'user', title: 'app.dashboard.total_users', to: '/user', access: 'user', icon: 'People', color: '#1e88e5' },
  { key: 'spot', title: 'app.dashboard.spots', to: '/spot', access: 'spot', icon: 'Place', color: '#43a047' },
  { key: 'post', title: 'app.dashboard.posts', to: '/post', access: 'post', icon: 'PhotoLibrary', color: '#8e24aa' },
  { key: 'itinerary', title: 'app.dashboard.itineraries', to: '/itinerary', access: 'itinerary', icon: 'Route', color: '#f4511e' },
  { key: 'categoriescount', title: 'app.dashboard.categories', to: '/category', access: 'category', icon: 'Category', color: '#00897b' },
  { key: 'tag', title: 'app.dashboard.tags', to: '/tag', access: 'tag', icon: 'LocalOffer', color: '#fdd835' },
  { key: 'report', title: 'app.dashboard.reports', to: '/report', access: 'reports', icon: 'Report', color: '#e53935' },
];
