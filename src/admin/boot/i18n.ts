// Start-up step (main.tsx): the admin's English catalogue and its i18n provider.
export { createI18nProvider } from '../i18n';
