// Fetching the admin's start-up code (index.html names its chunks: see vite.config.ts startupChunks).
// Used by the start-up shell's script and by main.tsx, so no import here.

/**
 * Fetches, without evaluating them, the chunks the start-up imports and those of `lang`'s first render,
 * all at once (each once: a chunk already linked is skipped).
 */
export function fetchStartupChunks(lang: string): void {
  let chunks: Record<string, string[]> = {};
  try {
    chunks = JSON.parse(document.querySelector('meta[name="app-chunks"]')?.getAttribute('content') ?? '{}');
  } catch {
    return; // each import() fetches its chunk then
  }
  const linked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const href of [...(chunks.startup ?? []), ...(chunks[lang] ?? [])]) {
    if (linked.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** True when the resource at `url` (a script of the page, loaded) came from the HTTP cache. */
export const fromHttpCache = (url: string): boolean =>
  performance.getEntriesByName(url).some((entry) => entry instanceof PerformanceResourceTiming && entry.transferSize === 0 && entry.decodedBodySize > 0);
