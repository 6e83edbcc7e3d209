// The cells of a case, on the desk and on the case page: its target's preview, its kind, its holder,
// its priority and its moments.
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ISOLATED } from '../../bidi';
import { useFormatMoment } from '../../components/dates';
import { useStaffIdentity } from '../../providers/useStaff';
import type { ModerationCase, Person } from '../../providers/moderation';

/** The target at a glance: its picture, its title or text (two lines at most) and its author. */
export function CasePreview({ record: given }: { record?: ModerationCase }) {
  const translate = useTranslate();
  const record = useRecordContext<ModerationCase>() ?? given;
  if (!record) return null;
  const { title, text, picture, author } = record.preview;
  const words = title || text || translate('app.moderation.no_text');
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: { xs: 0, sm: 200 }, maxWidth: 320 }}>
      <Avatar variant={record.kind === 'user' ? 'circular' : 'rounded'} src={picture ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
        {(author?.name ?? words).charAt(0)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" dir="auto" title={words} sx={{ ...ISOLATED, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', fontWeight: title ? 500 : 400 }}>
          {words}
        </Typography>
        {author && (
          <Typography variant="caption" color="text.secondary" dir="auto" sx={ISOLATED}>
            {translate('app.moderation.by_author', { name: author.name })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export function KindChip({ record: given }: { record?: ModerationCase }) {
  const translate = useTranslate();
  const record = useRecordContext<ModerationCase>() ?? given;
  return record ? <Chip size="small" variant="outlined" label={translate(`app.moderation.kinds.${record.kind}`)} /> : null;
}

/** Who holds the case: "You", a colleague's name, or nobody. */
export function HolderText({ holder }: { holder: Person | null }) {
  const translate = useTranslate();
  const me = useStaffIdentity()?.id;
  if (!holder) return <Typography variant="body2" color="text.secondary">{translate('app.moderation.nobody')}</Typography>;
  return (
    <Typography variant="body2" dir="auto" sx={ISOLATED}>
      {holder.id === me ? translate('app.moderation.you') : holder.name}
    </Typography>
  );
}

export function HolderCell() {
  const record = useRecordContext<ModerationCase>();
  return record ? <HolderText holder={record.holder} /> : null;
}

/** A priority with one decimal, in Latin digits as the other figures. */
export const priorityText = (priority: number) => (Math.round(priority * 10) / 10).toFixed(1);

export function PriorityCell() {
  const record = useRecordContext<ModerationCase>();
  if (!record) return null;
  return <Chip size="small" color={record.priority >= 5 ? 'error' : 'default'} label={priorityText(record.priority)} sx={{ fontVariantNumeric: 'tabular-nums' }} />;
}

export function MomentCell({ source }: { source: 'first_reported_at' | 'last_reported_at' }) {
  const record = useRecordContext<ModerationCase>();
  const moment = useFormatMoment();
  return record ? <span>{moment(record[source])}</span> : null;
}
