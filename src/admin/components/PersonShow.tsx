import { Avatar, Box, Card, CardContent, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { phoneWithCode } from '@shared/validation/phone';
import { HistoryPanel } from './audit/History';
import { DetailItem, DetailPage } from './detail';
import { EditAction } from './EditAction';
import { StatusChip } from './lists';
import { useFormatDate } from './dates';
import { ISOLATED_BLOCK } from '../bidi';

function PersonDetail({ withCounts }: { withCounts: boolean }) {
  const formatDate = useFormatDate();
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar src={record.profile_pic || '/avatar-default.svg'} alt={record.name} sx={{ width: 96, height: 96 }} />
          <Box>
            <Typography variant="h5" component="h1" sx={ISOLATED_BLOCK}>
              {record.name}
            </Typography>
            <StatusChip />
          </Box>
        </Box>
        <Divider sx={{ mb: 2 }} />
        <Grid container spacing={2}>
          <DetailItem label="resources.user.fields.full_name">{record.name}</DetailItem>
          <DetailItem label="resources.user.fields.email">{record.email}</DetailItem>
          <DetailItem label="resources.user.fields.phone_number">
            {/* a phone number reads left to right in Arabic too */}
            <span dir="ltr">{phoneWithCode(record.phone, record.country_code)}</span>
          </DetailItem>
          <DetailItem label="resources.user.fields.status">{translate(`app.status.${record.status}`, { _: record.status })}</DetailItem>
          <DetailItem label="resources.user.fields.created_at">{formatDate(record.created_at)}</DetailItem>
          {withCounts && (
            <>
              <DetailItem label="resources.user.fields.location">{record.location}</DetailItem>
              <DetailItem label="resources.user.fields.postCount">{record.postCount}</DetailItem>
              <DetailItem label="resources.user.fields.userSpotCount">{record.userSpotCount}</DetailItem>
              <DetailItem label="resources.user.fields.itineraryCount">{record.itineraryCount}</DetailItem>
              <DetailItem label="app.user.followers">{record.userFollowersCount}</DetailItem>
              <DetailItem label="app.user.countries">{record.countryCount}</DetailItem>
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
export function PersonShow({
  resource,
  backPath,
  titleKey,
  withCounts,
  actions,
  editPath,
}: {
  resource: string;
  backPath: string;
  titleKey: string;
  withCounts: boolean;
  /** buttons beside the title (a Sub-Admin's sign-out everywhere and two-factor reset) */
  actions?: ReactNode;
  /** the person's edit page (/edituser/{id}, /editsubadmin/{id}): an Edit button beside the title */
  editPath: (id: string | number) => string;
}) {
  return (
    <DetailPage
      resource={resource}
      backPath={backPath}
      titleKey={titleKey}
      actions={
        <>
          <EditAction to={editPath} />
          {actions}
        </>
      }
    >
      <PersonDetail withCounts={withCounts} />
      <HistoryPanel entity="user" resource={resource} />
    </DetailPage>
  );
}
