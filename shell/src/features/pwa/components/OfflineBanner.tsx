import { useEffect, useRef } from 'react';
import { OFFLINE_BANNER } from '@logbook/contracts/messages';
import { useOnlineStatus } from '@logbook/shell-context/useOnlineStatus';
import { WifiOffIcon } from '../../../lib/icons';

const HEIGHT_VAR = '--offline-banner-height';

export function OfflineBanner() {
  const online = useOnlineStatus();
  const ref = useRef<HTMLDivElement>(null);

  // Sticky headers sit below the banner rather than under it.
  useEffect(() => {
    const banner = ref.current;
    const root = document.documentElement;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_VAR, `${banner.offsetHeight}px`));
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [online]);

  if (online) return null;
  return (
    <div ref={ref} className="offline-banner" role="status" data-testid="offline-banner">
      <WifiOffIcon />
      <p>
        <strong>{OFFLINE_BANNER.title}</strong> <span>{OFFLINE_BANNER.description}</span>
      </p>
    </div>
  );
}
