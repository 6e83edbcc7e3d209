// Start-up step 1 (main.tsx): React and ReactDOM, evaluated in a task of their own.
export { createElement, StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
