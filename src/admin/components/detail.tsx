import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { Button, ShowBase, Title, useNotify, useShowContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ISOLATED_BLOCK } from '../bidi';
import { retryDelay, retryWhileUnreachable } from '../providers/reachability';
import { LiveRecordMark } from '../live/LiveRecordMark';
import { LoadingText } from './LoadingText';
import { useServerMessage } from './useServerMessage';

/** One labelled value of a read-only detail; '----' when there is none (spec §2). */
export function DetailItem({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="div" sx={ISOLATED_BLOCK}>
        {children ?? '----'}
      </Typography>
    </Grid>
  );
}

/**
 * A detail page: the record of the path's id, a back link and a title; `actions` beside the title. A
 * record that is not there (deleted, never was, an id that is not one) shows 'No data found!' under the
 * back link, on its own address: no redirect to the list and no toast (spec §2). Another failure says
 * the server's message once; a 401 is the auth provider's.
 */
export function DetailPage({
  resource,
  backPath,
  titleKey,
  actions,
  children,
}: {
  resource: string;
  backPath: string;
  titleKey: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const onError = useCallback(
    (error: unknown) => {
      const status = (error as { status?: number } | null)?.status;
      if (status === 400 || status === 401 || status === 404) return;
      notify(serverMessage(error), { type: 'error' });
    },
    [notify, serverMessage],
  );
  return (
    <ShowBase resource={resource} id={id} redirectOnError={false} queryOptions={{ onError, retry: retryWhileUnreachable, retryDelay }}>
      <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1000 }}>
        <Title title={translate(titleKey, { smart_count: 1 })} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Button component={Link} to={backPath} label="app.actions.back">
            <ArrowBackIcon />
          </Button>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate(titleKey, { smart_count: 1 })}
          </Typography>
          {actions}
        </Box>
        <LiveRecordMark resource={resource} />
        <DetailBody>{children}</DetailBody>
      </Box>
    </ShowBase>
  );
}

/** The detail's content once its record is there; 'No data found!' when the call failed or found nothing. */
function DetailBody({ children }: { children: ReactNode }) {
  const { error, isPending, record } = useShowContext();
  const translate = useTranslate();
  if (isPending) return <LoadingText />;
  if (error || !record) {
    return (
      <Card>
        <CardContent>
          <Typography role="status">{translate('app.no_data')}</Typography>
        </CardContent>
      </Card>
    );
  }
  return <>{children}</>;
}
