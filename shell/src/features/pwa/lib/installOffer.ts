/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let watching = false;
const listeners = new Set<() => void>();

function set(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer from the moment the app's code runs. The browser makes its offer once, and it
 * may come before the first render has finished (the landing page's HTML is on screen long before); a listener added
 * by the prompt's own effect would miss it.
 */
export function watchInstallOffers() {
  if (watching) return;
  watching = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away; the product shows its own prompt.
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

export const installOffers = {
  current: () => offer,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The offer was used or dismissed: hidden until the browser offers again. */
  clear: () => set(null),
};
