import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Avatar, Box, Card, CardContent, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, ShowBase, Title, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '../../shared/contract';
import { StatusChip } from './lists';

function Item({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="div">{children ?? '----'}</Typography>
    </Grid>
  );
}

function PersonDetail({ withCounts }: { withCounts: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar src={record.profile_pic || '/avatar-default.svg'} alt={record.name} sx={{ width: 96, height: 96 }} />
          <Box>
            <Typography variant="h5" component="h1">
              {record.name}
            </Typography>
            <StatusChip />
          </Box>
        </Box>
        <Divider sx={{ mb: 2 }} />
        <Grid container spacing={2}>
          <Item label="resources.user.fields.full_name">{record.name}</Item>
          <Item label="resources.user.fields.email">{record.email}</Item>
          <Item label="resources.user.fields.phone_number">
            {/* a phone number reads left to right in Arabic too */}
            <span dir="ltr">{[record.country_code, record.phone].filter(Boolean).join(' ')}</span>
          </Item>
          <Item label="resources.user.fields.status">{translate(`app.status.${record.status}`, { _: record.status })}</Item>
          <Item label="resources.user.fields.created_at">{formatDate(record.created_at)}</Item>
          {withCounts && (
            <>
              <Item label="resources.user.fields.location">{record.location}</Item>
              <Item label="resources.user.fields.postCount">{record.postCount}</Item>
              <Item label="resources.user.fields.userSpotCount">{record.userSpotCount}</Item>
              <Item label="resources.user.fields.itineraryCount">{record.itineraryCount}</Item>
              <Item label="app.user.followers">{record.userFollowersCount}</Item>
              <Item label="app.user.countries">{record.countryCount}</Item>
            </>
          )}
        </Grid>
      </CardContent>
    </Card>
  );
}

/**
 * Read-only detail of a user (/user/{id}: every field of spec §2, counts included) or a sub-admin
 * (/subadmin/{id}: name, email, phone, status, registered on, picture).
 */
export function PersonShow({ resource, backPath, titleKey, withCounts }: { resource: string; backPath: string; titleKey: string; withCounts: boolean }) {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <ShowBase resource={resource} id={id}>
      <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1000 }}>
        <Title title={translate(titleKey)} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Button component={Link} to={backPath} label="app.actions.back">
            <ArrowBackIcon />
          </Button>
          <Typography variant="h6">{translate(titleKey)}</Typography>
        </Box>
        <PersonDetail withCounts={withCounts} />
      </Box>
    </ShowBase>
  );
}
