import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { paths, toast, useNavigate } from '@logbook/shell-context/shared';
import { forgetAccount } from '@logbook/session-device/deviceAccount';
import { TOASTS } from '@logbook/contracts/view';
import { FAMILY_MESSAGES } from '@logbook/contracts/family-rules';
import { FAMILY_KEY } from '../../../lib/apiKeys';
import { serverMessageOr } from '../../../lib/errors';
import { leaveFamily, removeGuardian } from '../api/family';

/**
 * Removing another guardian (the billing owner's) and leaving the family. Each answers true when it worked; a refusal
 * is toasted in the server's words. Leaving signs this device out, so it ends on the sign-in page with nothing cached.
 */
export function useFamilyActions() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [pending, setPending] = useState<'remove' | 'leave' | undefined>();

  const run = async (which: 'remove' | 'leave', action: () => Promise<unknown>, title: string) => {
    setPending(which);
    try {
      await action();
      return true;
    } catch (error) {
      toast({ title, description: serverMessageOr(error, TOASTS.networkError), variant: 'destructive' });
      return false;
    } finally {
      setPending(undefined);
    }
  };

  const remove = async (guardianId: number) => {
    const done = await run('remove', () => removeGuardian(guardianId), 'Guardian not removed');
    if (!done) return false;
    toast({ title: FAMILY_MESSAGES.removed });
    await mutate(FAMILY_KEY);
    return true;
  };

  const leave = async () => {
    const done = await run('leave', leaveFamily, 'You are still in the family');
    if (!done) return false;
    toast({ title: FAMILY_MESSAGES.left });
    // This account's drafts and waiting sessions stay on the device, out of sight until it signs in here again.
    forgetAccount('parent');
    await mutate(() => true, undefined, { revalidate: false });
    navigate(paths.login, { replace: true });
    return true;
  };

  return { pending, remove, leave };
}
