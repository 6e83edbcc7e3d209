// Start-up step (main.tsx): react-admin's MUI components and the other libraries the first screens need.
export { fetchUtils } from 'react-admin';
