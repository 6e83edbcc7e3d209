// The start-up shell's markup, made when the admin is built (vite.config.ts puts it in index.html): what
// the page shows from its first paint until React's first render replaces it, drawn with the admin's
// own texts (the three catalogues: shell.css shows those of <html lang>), icons and dashboard cards.
// Which of its frames shows is decided by shell.ts before the first paint. Runs in Node, not in the page.
import fs from 'node:fs';
import path from 'node:path';
import { USER_STATUSES } from '@shared/access';
import { DASHBOARD_CARDS } from '../pages/dashboardCards';
import { ar } from '../i18n/ar';
import { en } from '../i18n/en';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import { tr } from '../i18n/tr';

const CATALOGUES: Record<Locale, object> = { en, tr, ar };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A catalogue text in each language, one span per language (shell.css shows the page's). */
function text(key: string): string {
  return LOCALES.map((locale) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], CATALOGUES[locale]);
    if (typeof value !== 'string') throw new Error(`app shell: no text "${key}" in the ${locale} catalogue`);
    return `<span lang="${locale}">${escape(value)}</span>`;
  }).join('');
}

/** The name of each language in its own (the language button shows the chosen one). */
const languageName = () => LOCALES.map((locale) => `<span lang="${locale}">${escape(LANGUAGE_NAMES[locale])}</span>`).join('');

/** An @mui/icons-material icon as inline SVG (its paths and circles read from the package). */
function icon(name: string, className = 'sh-icon'): string {
  const file = path.resolve(import.meta.dirname, '../../../node_modules/@mui/icons-material', `${name}.mjs`);
  const source = fs.readFileSync(file, 'utf8');
  const shapes = [...source.matchAll(/_jsx\("(path|circle)", \{([^}]*)\}/g)].map(([, tag, body]) => {
    const attrs = [...body.matchAll(/(\w+): "([^"]*)"/g)].map(([, key, value]) => `${key}="${escape(value)}"`).join(' ');
    return `<${tag} ${attrs}/>`;
  });
  if (!shapes.length) throw new Error(`app shell: no shapes in ${file}`);
  return `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${shapes.join('')}</svg>`;
}

/** The sign-in page (pages/auth/LoginPage.tsx in its AuthCard), before anything is typed. */
const signIn = () => `
<div class="sh-guest">
  <div class="sh-lang">${icon('Translate')}<span class="sh-lang-name">${languageName()}</span>${icon('ExpandMore', 'sh-icon sh-small')}</div>
  <div class="sh-card">
    <div class="sh-head">
      <div class="sh-avatar">${icon('FlightTakeoff')}</div>
      <div class="sh-name">${text('app.name')}</div>
      <div class="sh-title">${text('app.auth.login_title')}</div>
    </div>
    <div class="sh-form">
      <div class="sh-field"><span class="sh-label">${text('app.auth.email')}</span></div>
      <div class="sh-field"><span class="sh-label">${text('app.auth.password')}</span>${icon('Visibility', 'sh-icon sh-eye')}</div>
      <div class="sh-button">${text('app.auth.login')}</div>
      <div class="sh-link">${text('app.auth.forgot_password_link')}</div>
    </div>
  </div>
</div>`;

/** The Total Users card's chips (one per user status), their room kept while the figures load. */
const CHIPS = `<div class="sh-chips" data-chips>${[94, 89, 92].map((width) => `<span class="sh-chip" style="width:${width}px"></span>`).join('')}</div>`;

/** The user statuses' names, which shell.ts copies into the Total Users card's chips. */
const STATUS_NAMES = `<div hidden>${USER_STATUSES.map((status) => `<span data-status="${escape(status)}">${text(`app.status.${status}`)}</span>`).join('')}</div>`;

/**
 * The signed-in frame (layout/Layout.tsx): the app bar, and the dashboard's cards (pages/Dashboard.tsx),
 * whose figures shell.ts writes in when the start-up requests have answered.
 */
const frame = () => `
<div class="sh-app">
  <div class="sh-bar">${icon('Menu', 'sh-icon sh-menu')}<div class="sh-bar-title">${text('app.dashboard.title')}</div></div>
  <div class="sh-content"><div class="sh-container"><div class="sh-grid">${DASHBOARD_CARDS.map(
    (card) =>
      `<div class="sh-stat"><div class="sh-stat-head"><div class="sh-stat-title">${text(card.title)}</div><div class="sh-stat-icon" style="color:${card.color}">${icon(card.icon)}</div></div><div class="sh-figure" data-stat="${card.key}"><span class="sh-skeleton"></span></div>${card.key === 'user' ? CHIPS : ''}</div>`,
  ).join('')}</div></div></div>
  ${STATUS_NAMES}
</div>`;

/** The shell: both frames, hidden until shell.ts picks one (`<html data-shell>`). */
export function shellMarkup(): string {
  return `<div class="shell" aria-hidden="true">${signIn()}${frame()}</div>`
    .split('\n')
    .map((line) => line.trim())
    .join('');
}
