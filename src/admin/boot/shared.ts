// Start-up step (main.tsx): the rules shared with the server (src/shared: access, validation schemas…).
export { homePath } from '@shared/access';
export { loginSchema } from '@shared/validation/auth';
