import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 'Loading...' while a screen's first answer is on its way (spec §2 "While waiting"). */
export function LoadingText() {
  const translate = useTranslate();
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
      {translate('app.loading')}
    </Typography>
  );
}
