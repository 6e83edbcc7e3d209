import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { RequirePermissionOrExplain } from '../PermissionNeeded';
import { formatDate } from '@shared/contract';
import { DetailItem, DetailPage } from '../detail';
import { PersonCell, ReportPostTitle, ReportStateChip, ReportStatusCell } from './ReportCells';

/**
 * A report's detail (spec §2): General Information with the User who reported, the Report User and
 * the Reason, or 'No data found!'; then what was reported (the post's title, opening it or, hidden, its
 * read-only view; the comment; the reported user's page), when, the report's state, and the target's
 * status with the moderation action, as on the list. The back link goes to the report's own list (DESIGN.md §9). Without
 * Report-list (which the report calls need) it explains that instead of asking.
 */
export function ReportDetail({ resource, backPath }: { resource: string; backPath: string }) {
  return (
    <RequirePermissionOrExplain resource="reports" permission="Report-list" titleKey="app.report.detail">
      <DetailPage resource={resource} backPath={backPath} titleKey="app.report.detail">
        <ReportDetailCard />
      </DetailPage>
    </RequirePermissionOrExplain>
  );
}

function ReportDetailCard() {
  const report = useRecordContext();
  const translate = useTranslate();
  if (!report) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  const user = report.user?.name;
  const reported = report.otherUser?.name;
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('app.report.general')}
        </Typography>
        {!user && !reported && !report.reason ? (
          <Typography>{translate('app.no_data')}</Typography>
        ) : (
          <Grid container spacing={2}>
            <DetailItem label="app.report.user">{user}</DetailItem>
            <DetailItem label="app.report.report_user">{reported}</DetailItem>
            <DetailItem label="app.report.reason" wide>
              {report.reason}
            </DetailItem>
            <DetailItem label="app.report.reported_item">{report.type === 'user' ? <PersonCell who="reported" /> : <ReportPostTitle />}</DetailItem>
            {report.comment?.comment && (
              <DetailItem label="resources.reportedComments.fields.comment" wide>
                <span dir="auto">{report.comment.comment}</span>
              </DetailItem>
            )}
            <DetailItem label="app.report.reported_on">{formatDate(report.created_at)}</DetailItem>
            <DetailItem label="app.report.state">
              <ReportStateChip />
            </DetailItem>
            <DetailItem label="app.report.target_status">
              <ReportStatusCell />
            </DetailItem>
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
