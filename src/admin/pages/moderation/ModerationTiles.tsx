// The dashboard's moderation tiles (issue 34), for whoever has Report-list: the open cases (opening the
// desk), the oldest open case's age and the median time to a decision over the last 7 days.
import GavelIcon from '@mui/icons-material/Gavel';
import { Box, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { FigureContent } from '../FigureContent';
import { ForModerators } from './ForModerators';
import { useModerationSummary } from './useModerationSummary';

/** A length of time as a tile shows it: minutes, hours, or days. */
export function useDuration() {
  const translate = useTranslate();
  return (seconds: number | null | undefined) => {
    if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
    const minutes = Math.max(0, Math.round(seconds / 60));
    if (minutes < 60) return translate('app.moderation.duration.minutes', { smart_count: minutes });
    const hours = Math.round(minutes / 60);
    if (hours < 48) return translate('app.moderation.duration.hours', { smart_count: hours });
    return translate('app.moderation.duration.days', { smart_count: Math.round(hours / 24) });
  };
}

function Tile({ testId, title, figure, to }: { testId: string; title: string; figure: ReactNode; to?: string }) {
  const translate = useTranslate();
  const content = <FigureContent title={title} icon={<GavelIcon />} color="#6a1b9a" figure={figure} testId={testId} />;
  return (
    <Card elevation={2}>
      {to ? (
        <CardActionArea component={Link} to={to} title={translate('app.dashboard.open_list', { name: title })}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

export const ModerationTiles = () => (
  <ForModerators>
    <Tiles />
  </ForModerators>
);

function Tiles() {
  const translate = useTranslate();
  const duration = useDuration();
  const { data, isPending } = useModerationSummary();
  const figure = (value: () => ReactNode) => (isPending ? <Skeleton width={80} /> : data ? value() : '—');
  return (
    <Box component="section" aria-labelledby="moderation-tiles" sx={{ mt: 3 }}>
      <Typography id="moderation-tiles" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.moderation.tiles.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        <Tile testId="stat-moderation-open" title={translate('app.moderation.tiles.open')} figure={figure(() => data!.open)} to="/moderation" />
        <Tile
          testId="stat-moderation-oldest"
          title={translate('app.moderation.tiles.oldest')}
          figure={figure(() => (data!.oldestOpenAt ? duration((Date.now() - new Date(data!.oldestOpenAt).getTime()) / 1000) : '—'))}
        />
        <Tile testId="stat-moderation-median" title={translate('app.moderation.tiles.median')} figure={figure(() => duration(data!.medianDecisionSeconds7d))} />
      </Box>
    </Box>
  );
}
