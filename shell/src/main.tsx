import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@logbook/ui/styles.css';
import './app/app.css';
import { App } from './app/App';
import { registerServiceWorker } from './features/pwa/lib/registerServiceWorker';
import { registerAppRemotes } from './features/remotes/lib/remoteRegistry';
import { startOutboxSyncWhenIdle } from './features/remotes/lib/startOutboxSync';
import { REMOTE_ENTRY_URLS } from './lib/remotes';

registerAppRemotes();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker(REMOTE_ENTRY_URLS);
startOutboxSyncWhenIdle();
