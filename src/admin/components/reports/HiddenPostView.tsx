import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { Button, useTranslate } from 'react-admin';

/**
 * A read-only view of a hidden post or itinerary, from its report: its title and text, so a moderator can
 * read it again before restoring it (its own page shows live posts only). The text is the author's: each
 * piece is direction-isolated.
 */
export function HiddenPostView({ post }: { post: { title: string; description?: string | null; type: string } }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate(post.type === 'itinerary' ? 'app.report.read_hidden_itinerary' : 'app.report.read_hidden_post');
  const toggle = (next: boolean) => (e: MouseEvent | object) => {
    if ('stopPropagation' in e && typeof e.stopPropagation === 'function') e.stopPropagation();
    setOpen(next);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={toggle(true)}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {/* clicks inside the dialog stay out of the row's click (its detail page) */}
      <Dialog open={open} onClose={toggle(false)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="sm" aria-labelledby="hidden-post-title">
        <DialogTitle id="hidden-post-title" dir="auto">
          {post.title}
        </DialogTitle>
        <DialogContent>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {translate('app.report.hidden_note')}
          </Typography>
          <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
            {post.description || '----'}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={toggle(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
