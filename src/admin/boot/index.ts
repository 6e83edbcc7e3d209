// The start-up steps, which main.tsx imports one by one with import(), in this order. Imported here by
// App.tsx, an entry of the build, so that each lands in the chunk it evaluates (vite.config.ts groups
// them): no extra request per step.
import './react';
import './emotion';
import './muicore';
import './mui';
import './router';
import './ra';
import './libraries';
import './validation';
import './shared';
import './i18n';
