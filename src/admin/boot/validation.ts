// Start-up step (main.tsx): the first of the validation rules shared with the server (the next step has the others).
export { nameField } from '@shared/validation/user';
