// The start-up shell's choice, made before the page is first painted: index.html loads this as a
// classic script in its <head> (vite.config.ts builds it on its own, without imports left). From what
// the browser stores (the session and react-admin's locale, as the admin left them) it sets on <html>:
//  - lang and dir: the admin's language, so the shell (and the admin, which sets the same) never shows
//    in another language or direction first;
//  - data-shell: the frame shell.css shows: the sign-in page for a guest at "/" or "/login", the
//    signed-in frame with the dashboard's cards at "/" or "/dashboard" for a person whose home is the
//    dashboard, the bare frame on any other page of a signed-in person; nothing elsewhere;
//  - the person's theme settings the frame needs: colours, light or dark, font size, side menu, toolbar;
// and it starts fetching the admin's code when it is in the HTTP cache.
// On the dashboard it also sends the start-up requests (earlyRequests.ts), and writes the statistics in
// the shell's cards once the session is confirmed.
// Nothing here is needed for the admin to work: if it fails, the page is only blank until React renders.
import { homePath, isActiveStaff, type Principal } from '@shared/access';
import type { DashboardFigure, DashboardStatistics, Envelope, SessionUser } from '@shared/contract';
import { DARK_BACKGROUND, rootFontSize, SCHEMES } from '../colours';
import { type EarlyAnswer, sendEarlyRequests } from '../earlyRequests';
import { isLocale, RTL_LOCALES, STORED_LOCALE_KEY } from '../i18n/locales';
import { isTokenExpired, session } from '../providers/session';
import { fetchStartupChunks, fromHttpCache } from '../startupChunks';

const json = (text: string | null): unknown => {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

type Stored = Record<string, unknown> | null | undefined;
const object = (value: unknown): Stored => (value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined);

/** An answer's envelope data, when it is a success. */
async function dataOf<T>(answer: Promise<EarlyAnswer>): Promise<T | null> {
  const { status, body } = await answer;
  return status === 200 ? ((json(body) as Envelope<T> | null)?.data ?? null) : null;
}

/**
 * Writes the statistics in the shell's cards as the Dashboard shows them, once the server has confirmed
 * the session (the start-up check) and answered them; nothing if either failed (the admin decides then).
 */
function showStatistics(early: ReturnType<typeof sendEarlyRequests>) {
  early.shown = Promise.all([dataOf<{ user: SessionUser }>(early.check), dataOf<DashboardStatistics>(early.statistics)]).then(([checked, statistics]) => {
    if (!checked?.user || !isActiveStaff(checked.user) || !statistics) return false;
    for (const figure of document.querySelectorAll<HTMLElement>('.shell [data-stat]')) {
      figure.textContent = String(statistics[figure.dataset.stat as DashboardFigure] ?? '—');
    }
    const chips = document.querySelector('.shell [data-chips]');
    chips?.replaceChildren(
      ...statistics.userByStatus.map(({ status, count }) => {
        const chip = document.createElement('span');
        chip.className = 'sh-chip sh-chip-text';
        const name = document.querySelector(`.shell [data-status="${CSS.escape(status)}"]`);
        if (name) chip.append(...[...name.childNodes].map((node) => node.cloneNode(true)));
        chip.append(`: ${count}`);
        return chip;
      }),
    );
    return true;
  }, () => false);
}

try {
  const root = document.documentElement;
  const stored = (key: string) => localStorage.getItem(key);

  const locale = json(stored(STORED_LOCALE_KEY));
  const lang = isLocale(locale) ? locale : 'en';
  root.lang = lang;
  root.dir = RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr';

  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  let shell = '';
  let fontScale = 1;
  const token = session.token();
  if (!token) {
    if (path === '/' || path === '/login') shell = 'sign-in';
  } else {
    const principal: Principal = session.principal();
    const home = homePath(principal) === '/dashboard';
    shell = home && (path === '/' || path === '/dashboard') ? 'dashboard' : 'frame';
    // the same condition as startup.ts's (an expired token is refreshed by the admin first)
    if (shell === 'dashboard' && !isTokenExpired(token)) showStatistics(sendEarlyRequests(token));

    // the theme settings (shared/preferences.ts), read leniently: anything odd keeps the default
    const preferences = object(object(json(stored('user')))?.preferences) ?? {};
    const scheme = SCHEMES[preferences.scheme as keyof typeof SCHEMES] ?? SCHEMES.ocean;
    const dark = preferences.mode === 'dark';
    const style = root.style;
    // (react-admin's app bar is the secondary colour; in dark mode a dark paper: shell.css)
    style.setProperty('--sh-bar', scheme.secondary);
    if (dark) {
      root.dataset.mode = 'dark';
      style.setProperty('--sh-bg', DARK_BACKGROUND.default);
      style.setProperty('--sh-paper', DARK_BACKGROUND.paper);
    }
    const scale = Number(preferences.fontScale);
    if (scale >= 0.7 && scale <= 1.3) fontScale = scale;
    const layout = preferences.layout;
    const navbar = object(preferences.navbar);
    // the side menu (Layout.tsx): not in layout2, nor when hidden; folded to icons in layout3 or when folded
    root.dataset.nav = layout === 'layout2' || navbar?.display === false || principal.status === 'Request Pending' ? 'none' : layout === 'layout3' || navbar?.folded === true ? 'folded' : 'side';
    if (object(preferences.toolbar)?.display === false) root.dataset.toolbar = 'none';
    if (layout === 'layout2' || layout === 'layout3') root.dataset.layout = layout;
  }
  if (shell) root.dataset.shell = shell;
  // the root size the admin sets too (App.tsx), which its theme's rem sizes and shell.css assume
  root.style.fontSize = rootFontSize(fontScale);

  // A returning browser has the admin's code in its HTTP cache (this script came from it): it is read
  // at once, while the page is parsed and painted. Otherwise main.tsx fetches it after the first paint.
  const self = document.currentScript as HTMLScriptElement | null;
  if (self && fromHttpCache(self.src)) fetchStartupChunks(lang);
} catch {
  // no localStorage (a sandboxed frame, storage disabled): no shell, the admin renders as it would
}
