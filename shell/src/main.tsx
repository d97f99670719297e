import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@logbook/ui/styles.css';
import './app/app.css';
import { App } from './app/App';
import { preloadRoute } from './app/AppRoutes';
import { watchInstallOffers } from './features/pwa/lib/installOffer';
import { registerServiceWorker } from './features/pwa/lib/registerServiceWorker';
import { startOutboxSyncWhenIdle } from './features/remotes/lib/startOutboxSync';
import { REMOTE_ENTRY_URLS } from './lib/remotes';

watchInstallOffers();
preloadRoute(location.pathname);

// As a transition the first render yields to the browser in small steps instead of one long task; on `/` the
// landing page's HTML from index.html is on screen meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The dev server serves no worker.
if (!import.meta.env.DEV) registerServiceWorker(REMOTE_ENTRY_URLS);
startOutboxSyncWhenIdle();
