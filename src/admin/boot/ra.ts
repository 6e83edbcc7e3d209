// Start-up step (main.tsx): react-admin's core.
export { CoreAdminContext } from 'ra-core';
