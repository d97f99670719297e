import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { InstallPrompt } from '../features/pwa/components/InstallPrompt';
import { OfflineBanner } from '../features/pwa/components/OfflineBanner';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <a href="#main" className="ll-skip-link">
          Skip to content
        </a>
        <OfflineBanner />
        <AppRoutes />
        <InstallPrompt />
        <Toaster />
      </BrowserRouter>
    </SWRConfig>
  );
}
