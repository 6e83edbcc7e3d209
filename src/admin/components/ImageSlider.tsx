import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography, useTheme } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

export interface SlideImage {
  src: string;
  caption?: string;
}

/** Images within this many positions of the shown one are loaded ahead (spec §2). */
export const PRELOAD_DISTANCE = 2;

/**
 * A full-screen slider of a post's spot images: arrow buttons, the keyboard (arrows, Home, End,
 * Escape) and swipes move it; in Arabic the directions follow the reading order.
 */
export function ImageSlider({ images, open, onClose, start = 0 }: { images: SlideImage[]; open: boolean; onClose: () => void; start?: number }) {
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  const [index, setIndex] = useState(start);
  const swipeFrom = useRef<number | null>(null);
  useEffect(() => setIndex(start), [start, open]);

  const count = images.length;
  const go = (step: number) => setIndex((i) => (count ? (i + step + count) % count : 0));
  const onKeyDown = (e: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(1);
    else if (e.key === back) go(-1);
    else if (e.key === 'Home') setIndex(0);
    else if (e.key === 'End') setIndex(count - 1);
    else return;
    e.preventDefault();
  };
  const near = (i: number) => {
    const d = Math.abs(i - index);
    return Math.min(d, count - d) <= PRELOAD_DISTANCE;
  };
  const current = images[index];

  return (
    <Dialog open={open} onClose={onClose} fullScreen slotProps={{ paper: { 'aria-label': translate('app.slider.title') } }} onKeyDown={onKeyDown}>
      <Box
        sx={{ position: 'relative', height: '100%', bgcolor: '#111', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', touchAction: 'pan-y' }}
        onPointerDown={(e) => {
          swipeFrom.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (swipeFrom.current === null) return;
          const dx = e.clientX - swipeFrom.current;
          swipeFrom.current = null;
          if (Math.abs(dx) > 50) go((dx < 0 ? 1 : -1) * (rtl ? -1 : 1));
        }}
      >
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', top: 16, insetInlineEnd: 16, color: '#fff' }}>
          <CloseIcon />
        </IconButton>
        {count > 1 && (
          <IconButton aria-label={translate('app.slider.previous')} onClick={() => go(-1)} sx={{ position: 'absolute', insetInlineStart: 16, color: '#fff' }}>
            {rtl ? <ChevronRightIcon fontSize="large" /> : <ChevronLeftIcon fontSize="large" />}
          </IconButton>
        )}
        {images.map((image, i) =>
          // only the shown image and its neighbours are in the page: those are the ones loaded
          near(i) ? (
            <Box
              key={`${image.src}-${i}`}
              component="img"
              src={image.src}
              alt={image.caption ?? ''}
              data-slide={i}
              draggable={false}
              sx={{ display: i === index ? 'block' : 'none', maxWidth: '90vw', maxHeight: '80vh', objectFit: 'contain' }}
            />
          ) : null,
        )}
        {count > 1 && (
          <IconButton aria-label={translate('app.slider.next')} onClick={() => go(1)} sx={{ position: 'absolute', insetInlineEnd: 16, color: '#fff' }}>
            {rtl ? <ChevronLeftIcon fontSize="large" /> : <ChevronRightIcon fontSize="large" />}
          </IconButton>
        )}
        <Typography role="status" sx={{ position: 'absolute', bottom: 24, width: '100%', textAlign: 'center' }}>
          {current?.caption ? <><bdi>{current.caption}</bdi> · </> : ''}
          {translate('app.slider.position', { n: count ? index + 1 : 0, total: count })}
        </Typography>
      </Box>
    </Dialog>
  );
}
