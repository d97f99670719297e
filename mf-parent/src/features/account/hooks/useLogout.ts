import { useNavigate, toast, waitingSessionsAccess, paths } from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { forgetAccount } from '@logbook/session-device/deviceAccount';
import { useSignOutGuard } from '@logbook/session-device/signOutGuard';
import { TOASTS } from '@logbook/contracts/view';
import { serverMessageOr } from '../../../lib/errors';
import { logout } from '../api/account';

/**
 * POST /api/logout, then forget every cached answer so the next account starts clean, then /login. With sessions
 * still waiting on this device it asks first; they stay in this account's outbox either way.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  const signOut = async () => {
    try {
      await logout();
    } catch (error) {
      toast({ title: TOASTS.error, description: serverMessageOr(error, TOASTS.networkError), variant: 'destructive' });
      return false;
    }
    // This account's drafts and waiting sessions stay on the device, out of sight until it signs in here again.
    forgetAccount('parent');
    await mutate(() => true, undefined, { revalidate: false });
    navigate(paths.login, { replace: true });
    return true;
  };

  const guard = useSignOutGuard(signOut, waitingSessionsAccess);
  return { logout: guard.requestSignOut, pending: guard.signingOut, guard };
}
