import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@logbook/ui/styles.css';
import './app/app.css';
import { App } from './app/App';
import { loadLanding, preloadRoute } from './app/AppRoutes';
import { watchInstallOffers } from './features/pwa/lib/installOffer';
import { registerServiceWorker } from './features/pwa/lib/registerServiceWorker';
import { startOutboxSyncWhenIdle } from './features/remotes/lib/startOutboxSync';
import { REMOTE_ENTRY_URLS } from './lib/remotes';

watchInstallOffers();
preloadRoute(location.pathname);

// As a transition the first render yields to the browser in small steps instead of one long task; on `/` the
// landing page's HTML from index.html is on screen meanwhile. There the landing page's code is awaited first, so the
// app replaces that HTML with the same page, never a spinner; should that fetch fail, the route fetches it again.
// Where public/page-kind.js is painting a screen's frame, the app waits for it, for
// FRAME_WAIT_MS at most, so the frame is the page's first paint and the app draws it on (ScreenFrame).
const FRAME_WAIT_MS = 250;
const frame = (window as { screenFrame?: Promise<unknown> }).screenFrame;
const root = createRoot(document.getElementById('root')!);
const firstScreen =
  location.pathname === '/'
    ? loadLanding().catch(() => undefined)
    : frame && Promise.race([frame, new Promise((resolve) => setTimeout(resolve, FRAME_WAIT_MS))]);
void Promise.resolve(firstScreen).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// The dev server serves no worker.
if (!import.meta.env.DEV) registerServiceWorker(REMOTE_ENTRY_URLS);
startOutboxSyncWhenIdle();
