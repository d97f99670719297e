import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { installOffers, watchInstallOffers } from '../lib/installOffer';

/** Hidden until the browser offers installation; hidden again after install or dismiss. */
export function useInstallPrompt() {
  // main.tsx starts watching before the first render; this covers a prompt rendered on its own.
  useEffect(watchInstallOffers, []);
  const offer = useSyncExternalStore(installOffers.subscribe, installOffers.current, () => null);

  const install = useCallback(async () => {
    if (!offer) return;
    installOffers.clear();
    try {
      await offer.prompt();
      await offer.userChoice;
    } catch {
      // The offer can only be used once; a second attempt waits for the next beforeinstallprompt.
    }
  }, [offer]);

  const dismiss = useCallback(() => installOffers.clear(), []);

  return { available: offer !== null, install, dismiss };
}
