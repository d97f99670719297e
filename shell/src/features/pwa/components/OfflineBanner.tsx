import { OFFLINE_BANNER } from '@logbook/contracts/messages';
import { useOnlineStatus } from '@logbook/shell-context/useOnlineStatus';
import { WifiOffIcon } from '../../../lib/icons';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <WifiOffIcon />
      <p>
        <strong>{OFFLINE_BANNER.title}</strong> <span>{OFFLINE_BANNER.description}</span>
      </p>
    </div>
  );
}
