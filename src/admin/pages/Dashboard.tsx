import CategoryIcon from '@mui/icons-material/Category';
import LockIcon from '@mui/icons-material/LockOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PhotoIcon from '@mui/icons-material/PhotoLibrary';
import PlaceIcon from '@mui/icons-material/Place';
import ReportIcon from '@mui/icons-material/Report';
import RouteIcon from '@mui/icons-material/Route';
import { Box, Card, CardActionArea, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, Suspense } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canAccess } from '@shared/access';
import type { DashboardStatistics } from '@shared/contract';
import { filteredList, pendingReportsPath, REPORT_LISTS } from '../components/reports/reportLinks';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { usePrincipal } from '../providers/useStaff';
import { peekEarlyStatistics, takeEarlyStatistics } from '../startup';
import { DASHBOARD_CARDS, type DashboardCard } from './dashboardCards';
import { LoadingText } from '../components/LoadingText';
import { FigureContent } from './FigureContent';
import { lazyNamed } from '../lazy';

// the desk's tiles come with their own chunk (the initial JavaScript budget)
const ModerationTiles = lazyNamed(() => import('./moderation/ModerationTiles'), 'ModerationTiles');

/** The cards' icons (dashboardCards.ts names them). */
const ICONS: Record<DashboardCard['icon'], ReactElement> = {
  People: <PeopleIcon />,
  Place: <PlaceIcon />,
  PhotoLibrary: <PhotoIcon />,
  Route: <RouteIcon />,
  Category: <CategoryIcon />,
  LocalOffer: <LocalOfferIcon />,
  Report: <ReportIcon />,
};

export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const principal = usePrincipal();
  const { data, isPending } = useQuery({
    queryKey: ['dashboard', 'statistics'],
    // the answer to the request main.tsx sent at start-up when there is one (shown at once if it came),
    // else (or if it failed) a new request
    queryFn: () => takeEarlyStatistics()?.catch(() => dataProvider.getStatistics()) ?? dataProvider.getStatistics(),
    initialData: peekEarlyStatistics,
    // spec §8: a statistics failure is only logged
    meta: { silent: true },
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('app.dashboard.title')} />
      {isPending && <LoadingText />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {DASHBOARD_CARDS.map((card) => {
          const title = translate(card.title);
          const allowed = canAccess(principal, card.access);
          const figure = (
            <FigureContent title={title} icon={ICONS[card.icon]} color={card.color} testId={`stat-${card.key}`} figure={isPending ? <Skeleton width={80} /> : (data?.[card.key] ?? '—')}>
              {!allowed && <NoPermissionNote />}
            </FigureContent>
          );
          // the chips are links of their own (beside the card's link, never inside it)
          const chips = data && <CardChips card={card} data={data} linked={allowed} />;
          return (
            <Card key={card.key} elevation={2} data-testid={`card-${card.key}`} sx={{ display: 'flex', flexDirection: 'column' }}>
              {allowed ? (
                <CardActionArea
                  component={Link}
                  to={card.to}
                  // the card's own text names the link (WCAG label in name); the title says where it goes
                  title={translate('app.dashboard.open_list', { name: title })}
                  sx={{ flexGrow: 1 }}
                >
                  {figure}
                </CardActionArea>
              ) : (
                figure
              )}
              {chips}
            </Card>
          );
        })}
      </Box>
      <Suspense fallback={null}>
        <ModerationTiles />
      </Suspense>
    </Box>
  );
}

/**
 * A card's breakdown: Total Users by status, each opening the user list filtered by it (spec §2 "each
 * clickable … to its list"); Reports by type, each opening its list of the reports still to handle.
 */
function CardChips({ card, data, linked }: { card: DashboardCard; data: DashboardStatistics; linked: boolean }) {
  const translate = useTranslate();
  const chips =
    card.key === 'user'
      ? data.userByStatus.map((s) => ({ key: s.status, label: `${translate(`app.status.${s.status}`)}: ${s.count}`, to: filteredList('/user', { status: s.status }) }))
      : card.key === 'reportPending'
        ? data.reportPendingByType.map((r) => ({
            key: r.type,
            label: `${translate(`resources.${REPORT_LISTS[r.type].resource}.name`, { smart_count: 2 })}: ${r.count}`,
            to: pendingReportsPath(r.type),
          }))
        : [];
  if (!chips.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
      {chips.map((chip) =>
        linked ? <Chip key={chip.key} size="small" label={chip.label} component={Link} to={chip.to} clickable /> : <Chip key={chip.key} size="small" label={chip.label} />,
      )}
    </Stack>
  );
}

/** Why a card opens nothing: its list needs a permission the person does not hold. */
function NoPermissionNote() {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mt: 1, color: 'text.secondary' }}>
      <LockIcon fontSize="small" aria-hidden />
      <Typography variant="body2">{translate('app.access.card_refused')}</Typography>
    </Stack>
  );
}
