import { Link, Popover, Typography } from '@mui/material';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** How long the "inactive" note stays (spec §9: inactive spot / post popovers close after 3 seconds). */
export const INACTIVE_NOTE_MS = 3000;

/**
 * A link that opens `href` in a new tab while its target is active; otherwise a click shows
 * `inactiveKey`'s message beside it for 3 seconds (spec §2 "/spot", "/report").
 */
export function InactiveAwareLink({ href, active, label, inactiveKey }: { href: string; active: boolean; label: string; inactiveKey: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!anchor) return;
    const timer = setTimeout(() => setAnchor(null), INACTIVE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [anchor]);
  if (active) {
    return (
      <Link href={href} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
        {label}
      </Link>
    );
  }
  const show = (e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  return (
    <>
      <Link component="button" type="button" onClick={show} color="text.secondary" sx={{ textAlign: 'start' }}>
        {label}
      </Link>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Typography role="status" sx={{ p: 1.5, maxWidth: 320 }}>
          {translate(inactiveKey)}
        </Typography>
      </Popover>
    </>
  );
}
