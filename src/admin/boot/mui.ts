// Start-up step (main.tsx): MUI's components.
export { createTheme } from '@mui/material/styles';
