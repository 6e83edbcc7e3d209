import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { homePath } from '@shared/access';
import { isSignedIn, usePrincipal } from '../providers/useStaff';

/** Every unknown path lands here (spec §2). */
export function NotFoundPage() {
  const translate = useTranslate();
  const principal = usePrincipal();
  const signedIn = isSignedIn(principal);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1" component="p" color="text.secondary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1">
        {translate('app.not_found.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.not_found.message')}</Typography>
      <Button component={Link} to={signedIn ? homePath(principal) : '/login'} variant="contained">
        {translate(signedIn ? 'app.not_found.back' : 'app.auth.back_to_login')}
      </Button>
    </Box>
  );
}
