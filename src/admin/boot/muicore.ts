// Start-up step (main.tsx): MUI's styling and its simple components (the popups and inputs are the next step).
export { default as Typography } from '@mui/material/Typography';
