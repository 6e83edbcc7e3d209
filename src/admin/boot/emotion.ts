// Start-up step (main.tsx): emotion and MUI's styling system.
export { ThemeProvider } from '@mui/system';
