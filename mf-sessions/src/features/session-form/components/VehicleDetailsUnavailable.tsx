import { useEffect } from 'react';

/**
 * In place of the vehicle card when its code cannot be fetched (offline before it was ever opened): the rest of the
 * form still works, and the vehicle's details are not asked for.
 */
export function VehicleDetailsUnavailable({ onUnavailable }: { onUnavailable?: () => void }) {
  useEffect(() => onUnavailable?.(), [onUnavailable]);
  return <p className="lls-live__note">The vehicle's details can be added once you are online.</p>;
}
