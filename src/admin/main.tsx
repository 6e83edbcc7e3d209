import './zodConfig';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, initialLocale, prepareLocale } from './App';
import { redirectRoot, startEarlyRequests } from './startup';

// "/" opens on the person's home page at once; a stored session is checked, and the dashboard's
// statistics asked, while the admin renders
redirectRoot();
startEarlyRequests();

// The first render is a transition: React renders the admin in slices of a few milliseconds, so the page
// stays responsive while it is built (only the final commit to the DOM is done in one go).
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

// a stored Turkish or Arabic choice is fetched first, so the first render is already in that language
// (should the fetch fail, the admin opens in English)
prepareLocale(initialLocale).then(render, render);
