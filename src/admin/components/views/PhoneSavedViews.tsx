// A phone's saved views: a button at the bottom of the screen (it opens the views' panel), where a desktop
// shows them at the top of the list's sidebar (lists/ListSidebar.tsx).
import { Box } from '@mui/material';
import type { ReactNode } from 'react';

export function PhoneSavedViews({ children }: { children: ReactNode }) {
  return <Box sx={{ position: 'fixed', bottom: 32, insetInlineStart: 16, zIndex: 10 }}>{children}</Box>;
}
