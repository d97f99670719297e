import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '@logbook/ui/Toaster';
import { InstallOffer } from '../features/pwa/components/InstallOffer';
import { OfflineBanner } from '../features/pwa/components/OfflineBanner';
import { AppRoutes } from './AppRoutes';
import { DisplayedPath } from './DisplayedPath';
import { ShellRouting } from '../lib/ShellRouting';

export function App() {
  return (
    <BrowserRouter>
      <ShellRouting>
        <a href="#main" className="ll-skip-link">
          Skip to content
        </a>
        <OfflineBanner />
        <AppRoutes />
        <DisplayedPath />
        <InstallOffer />
        <Toaster />
      </ShellRouting>
    </BrowserRouter>
  );
}
