// The seven cards of spec §2 "/dashboard", each opening its list: plain data, shared by the Dashboard and
// the start-up shell (src/admin/shell/), which draws their frames before the admin's code has loaded.
import type { DashboardFigure } from '@shared/contract';
import { type DashboardCardDeclaration, RESOURCES, type ResourceDeclaration } from '@shared/resources/index';

export interface DashboardCard {
  key: DashboardFigure;
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
export const DASHBOARD_CARDS: DashboardCard[] = (RESOURCES as readonly ResourceDeclaration[])
  .flatMap((r) => (r.dashboardCard ? [{ resource: r, card: r.dashboardCard }] : []))
  .sort((a, b) => a.card.order - b.card.order)
  .map(({ resource, card }) => ({
    key: card.statistic,
    title: card.title,
    to: resource.menu?.path ?? `/${resource.name}`,
    access: card.access ?? resource.name,
    icon: card.icon,
    color: card.color,
  }));
