import { useMediaQuery } from '@mui/material';

/**
 * A screen wide enough for a list's sidebar (filters and saved views) beside the menu and the widest table
 * (the users list) without the table scrolling sideways. Narrower, the filters sit behind the filter button
 * and the saved views behind a button of their own.
 */
export const useSidebarRoom = () => useMediaQuery('(min-width:1360px)');
