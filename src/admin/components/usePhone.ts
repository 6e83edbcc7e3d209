import { type Theme, useMediaQuery } from '@mui/material';

/** A phone: below MUI's `sm` breakpoint. Its own module: the app bar uses it at start-up, without the list code. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
