import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { Avatar, Box, Card, CardContent, Link, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LocalesMenuButton } from '../../components/LocalesMenuButton';

/** The frame of the guest pages: sign-in, forgot password, reset password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #1e3c72 0%, #2a5298 50%, #3fa7d6 100%)',
        p: 2,
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, insetInlineEnd: 12, color: '#fff' }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: 420, maxWidth: '100%' }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <FlightTakeoffIcon />
            </Avatar>
            <Typography variant="subtitle2" color="text.secondary">
              {translate('app.name')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
              {title}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The form inside an AuthCard: fields stacked, browser validation off (the zod rules speak). */
export function AuthForm({ onSubmit, children }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {children}
    </Box>
  );
}

/** A centred link under an auth form (to /login, /forgot-password). */
export function AuthLink({ to, label }: { to: string; label: string }) {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={to} sx={{ alignSelf: 'center' }}>
      {translate(label)}
    </Link>
  );
}
