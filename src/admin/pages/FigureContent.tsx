import { Box, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A dashboard card's content: its title and icon, its figure (`testId` names it for the tests), and a note. */
export function FigureContent({ title, icon, color, figure, testId, children }: { title: string; icon: ReactNode; color: string; figure: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <CardContent>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" color="text.secondary">
          {title}
        </Typography>
        <Box sx={{ color, display: 'flex' }}>{icon}</Box>
      </Stack>
      <Typography variant="h4" component="p" sx={{ mt: 1 }} data-testid={testId}>
        {figure}
      </Typography>
      {children}
    </CardContent>
  );
}
