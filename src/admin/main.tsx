import { fetchStartupChunks, fromHttpCache } from './startupChunks';

// Start-up. index.html's shell (src/admin/shell/) is on screen first; then the admin's code is fetched,
// all at once, and evaluated in steps, each in a task of its own (React, emotion, MUI, the other
// libraries, the admin's code) instead of one long task, so that the page keeps answering input; then
// React renders the admin in place of the shell.

/** Resolves in a new task, so the work after it does not lengthen the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * Resolves once the browser has reported a paint of `type` that passes `test` (the frame is on screen:
 * paint timing), or after `ms` (or at once where paint timing is missing).
 */
function painted(type: 'paint' | 'largest-contentful-paint', test: (entry: PerformanceEntry) => boolean, ms: number) {
  return new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some(test)) done();
      });
      observer.observe({ type, buffered: true });
    } catch {
      done();
    }
  });
}
/** How long the admin's code waits for the shell to be on screen, at most, before it is fetched. */
const SHELL_FIRST_MS = 1000;
/** How long it waits for the shell to show the dashboard's statistics, at most. */
const STATISTICS_FIRST_MS = 500;

/** True when this module came from the HTTP cache (a returning browser): the rest of the code will too. */
const codeIsCached = () => fromHttpCache(import.meta.url);

async function start() {
  // When the code has to come over the network, it is fetched once the shell is on screen, so that
  // nothing competes with what the first paint needs; and on the dashboard once the shell shows the
  // statistics it asked for (src/admin/earlyRequests.ts): the small answers are not slowed by the large
  // downloads sharing the connection, and the figures show first (the code comes an answer's time later,
  // at most STATISTICS_FIRST_MS). From the HTTP cache nothing competes: the shell's script has asked for
  // the code already, and it is evaluated at once.
  if (!codeIsCached()) {
    await painted('paint', (entry) => entry.name === 'first-contentful-paint', SHELL_FIRST_MS);
    const shown = window.__earlyRequests?.shown;
    if (shown && (await Promise.race([shown, new Promise<false>((resolve) => setTimeout(() => resolve(false), STATISTICS_FIRST_MS))]))) {
      // the figures are in the shell: once they are on screen (its largest texts, so a paint of one is reported)
      await painted('largest-contentful-paint', (entry) => !!(entry as LargestContentfulPaint).element?.closest('.shell [data-stat]'), STATISTICS_FIRST_MS);
    }
  }
  fetchStartupChunks(document.documentElement.lang);
  const { StrictMode, createElement, createRoot, startTransition } = await import('./boot/react');
  const steps = [
    () => import('./boot/emotion'),
    () => import('./boot/muicore'),
    () => import('./boot/mui'),
    () => import('./boot/router'),
    () => import('./boot/ra'),
    () => import('./boot/libraries'),
    () => import('./boot/validation'),
    () => import('./boot/shared'),
    () => import('./boot/i18n'),
  ];
  for (const step of steps) {
    await nextTask();
    await step();
  }
  await nextTask();
  const { App, initialLocale, prepareLocale, redirectRoot, settleSession, startEarlyRequests } = await import('./App');

  // "/" opens on the person's home page at once; a stored session is checked, and the dashboard's
  // statistics asked, while the admin renders
  redirectRoot();
  startEarlyRequests();

  // The first render is a transition: React renders the admin in slices of a few milliseconds, so the page
  // stays responsive while it is built (only the final commit to the DOM is done in one go).
  const render = async () => {
    await settleSession();
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(createElement(StrictMode, null, createElement(App))));
  };

  // a stored Turkish or Arabic choice is fetched first, so the first render is already in that language
  // (should the fetch fail, the admin opens in English)
  await prepareLocale(initialLocale).then(render, render);
}

void start();
