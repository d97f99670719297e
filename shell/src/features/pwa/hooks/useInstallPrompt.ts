import { useCallback, useEffect, useState } from 'react';

/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** Hidden until the browser offers installation; hidden again after install or dismiss. */
export function useInstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-bar away; the product shows its own prompt.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = useCallback(async () => {
    if (!offer) return;
    setOffer(null);
    try {
      await offer.prompt();
      await offer.userChoice;
    } catch {
      // The offer can only be used once; a second attempt waits for the next beforeinstallprompt.
    }
  }, [offer]);

  const dismiss = useCallback(() => setOffer(null), []);

  return { available: offer !== null, install, dismiss };
}
