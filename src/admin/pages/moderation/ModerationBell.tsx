// The app bar's notifications (issue 34): new cases above the alert priority and, for Admins, Sub-Admin
// requests waiting for approval, from the desk's summary (read on each page load or navigation until the
// live push of issue 35 lands).
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useFormatMoment } from '../../components/dates';
import type { ModerationAlert } from '../../providers/moderation';
import { ForModerators } from './ForModerators';
import { priorityText } from './CaseCells';
import { useModerationSummary, useSummaryOnNavigation } from './useModerationSummary';

const alertPath = (alert: ModerationAlert) => (alert.kind === 'case' ? `/moderation/${alert.id}` : `/subadmin/${alert.id}`);

export const ModerationBell = () => (
  <ForModerators>
    <Bell />
  </ForModerators>
);

function Bell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const moment = useFormatMoment();
  const { data, refetch } = useModerationSummary();
  useSummaryOnNavigation(refetch);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const alerts = data?.alerts ?? [];
  const label = translate('app.moderation.bell.title', { smart_count: alerts.length });
  const describe = (alert: ModerationAlert) =>
    alert.kind === 'case' ? translate('app.moderation.bell.case', { id: alert.id, priority: priorityText(alert.priority) }) : translate('app.moderation.bell.subadmin', { name: alert.name });
  return (
    <>
      <Tooltip title={label} describeChild>
        {/* its name is the word and the count the badge shows (axe: the visible count is in the name) */}
        <IconButton color="inherit" aria-haspopup="menu" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)}>
          <Box component="span" sx={visuallyHidden}>
            {translate('app.moderation.bell.label')}
          </Box>
          <Badge badgeContent={alerts.length} color="error" max={20}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': label } }}>
        {alerts.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{translate('app.moderation.bell.none')}</Typography>
          </MenuItem>
        )}
        {alerts.map((alert) => (
          <MenuItem
            key={`${alert.kind}-${alert.id}`}
            onClick={() => {
              setAnchor(null);
              navigate(alertPath(alert));
            }}
          >
            <ListItemText primary={describe(alert)} secondary={moment(alert.at)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The open cases, on the desk's menu entry. */
export function OpenCasesBadge() {
  const translate = useTranslate();
  const open = useModerationSummary().data?.open ?? 0;
  if (!open) return null;
  return (
    <>
      <Badge aria-hidden badgeContent={open} max={999} color="error" sx={{ mx: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
      <Box component="span" sx={visuallyHidden}>
        {translate('app.moderation.open_cases_badge', { smart_count: open })}
      </Box>
    </>
  );
}
