import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a named export: the screen's code is fetched the first time it renders. react-admin's
 * layout wraps its pages in <Suspense> with its loading indicator; pages outside it need their own.
 */
export const lazyNamed = <K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
