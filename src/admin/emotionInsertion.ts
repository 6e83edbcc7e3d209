// When emotion inserts a component's styles into the page (vite.config.ts puts this module in place of
// '@emotion/use-insertion-effect-with-fallbacks'). With React 18 and later emotion inserts them in
// insertion effects, that is all in the commit of a render: the first render of a page then compiles and
// inserts its hundreds of rules in the one task that commits it, a long task. Here a component's styles
// are inserted while it renders, as emotion does with React 17: in the slices of an interruptible
// render, before the commit (rules of a render that is thrown away stay, unused, as with React 17).
// Global styles (<GlobalStyles>, CssBaseline) keep their insertion effect.
import { useInsertionEffect } from 'react';

export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
