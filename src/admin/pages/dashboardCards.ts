// The seven cards of spec §2 "/dashboard", each opening its list: plain data, shared by the Dashboard and
// the start-up shell (src/admin/shell/), which draws their frames before the admin's code has loaded.
import type { DashboardStatistics } from '../../shared/contract';
import { type DashboardCardDeclaration, RESOURCES, type ResourceDeclaration } from '../../shared/resources/index';

export interface DashboardCard {
  key: keyof Omit<DashboardStatistics, 'userByStatus'>;
  /** the catalogue key of its title */
  title: string;
  to: string;
  /** the access rule (src/shared/access.ts) the card's list needs */
  access: string;
  /** its @mui/icons-material icon */
  icon: DashboardCardDeclaration['icon'];
  color: string;
}

// From the registry (src/shared/resources/): a resource declares its card. A Sub-Admin's card of a list it
// may not open is no link and says so (the Reports card needs Report-list, which the report calls need).
export const DASHBOARD_CARDS: DashboardCard[] = (RESOURCES as readonly ResourceDeclaration[]).flatMap((r): (DashboardCard & { order: number })[] => {
  const card = r.dashboardCard;
  if (!card) return [];
  return [{ key: card.statistic, title: card.title, to: r.menu?.path ?? `/${r.name}`, access: card.access ?? r.name, icon: card.icon, color: card.color, order: card.order }];
})
  .sort((a, b) => a.order - b.order)
  .map((c) => ({ key: c.key, title: c.title, to: c.to, access: c.access, icon: c.icon, color: c.color }));
