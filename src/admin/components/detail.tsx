import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, ShowBase, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

/** One labelled value of a read-only detail; '----' when there is none (spec §2). */
export function DetailItem({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="div">{children ?? '----'}</Typography>
    </Grid>
  );
}

/** A detail page: the record of the path's id, a back link and a title; `actions` beside the title. */
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
  return (
    <ShowBase resource={resource} id={id}>
      <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1000 }}>
        <Title title={translate(titleKey)} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Button component={Link} to={backPath} label="app.actions.back">
            <ArrowBackIcon />
          </Button>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate(titleKey)}
          </Typography>
          {actions}
        </Box>
        {children}
      </Box>
    </ShowBase>
  );
}
