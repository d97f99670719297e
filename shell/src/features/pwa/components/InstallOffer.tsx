import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { installOffers, watchInstallOffers } from '../lib/installOffer';

const InstallPrompt = lazy(() => import('./InstallPrompt').then((m) => ({ default: m.InstallPrompt })));

/** The install prompt, its code fetched once the browser offers installation (most visits it never does). */
export function InstallOffer() {
  useEffect(watchInstallOffers, []);
  const offered = useSyncExternalStore(
    installOffers.subscribe,
    () => installOffers.current() !== null,
    () => false,
  );
  return offered ? (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  ) : null;
}
