// Saved views beside a list until the list's own sidebar (ListSidebar) holds them: a card at the list's
// start on a wide screen, a button at the bottom of a phone's screen (it opens the views' panel).
import { Box, Card, CardContent } from '@mui/material';
import { usePhone } from '../usePhone';
import { SavedViews } from './SavedViews';

export function SavedViewsAside() {
  const phone = usePhone();
  if (phone) {
    return (
      <Box sx={{ position: 'fixed', bottom: 32, insetInlineStart: 16, zIndex: 10 }}>
        <SavedViews />
      </Box>
    );
  }
  return (
    <Card sx={{ order: -1, marginInlineEnd: 2, mt: 8, width: 220, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <SavedViews />
      </CardContent>
    </Card>
  );
}
