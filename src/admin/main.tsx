import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, initialLocale, prepareLocale } from './App';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// a stored Turkish or Arabic choice is fetched first, so the first render is already in that language
// (should the fetch fail, the admin opens in English)
prepareLocale(initialLocale).then(render, render);
