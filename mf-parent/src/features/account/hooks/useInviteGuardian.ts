import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import { FAMILY_MESSAGES } from '@logbook/contracts/family-rules';
import { FAMILY_KEY } from '../../../lib/apiKeys';
import { serverMessageOr } from '../../../lib/errors';
import { inviteGuardian } from '../api/family';
import { checkInvitee } from '../utils/inviteForm';

/**
 * "Invite a guardian": the address is checked here with the server's rule, then POST /api/family/invitations. A
 * refusal about this invitee (already a guardian, the family is full) lands on the field; success toasts and clears.
 */
export function useInviteGuardian() {
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const change = (value: string) => {
    setEmail(value);
    if (submitted) {
      const checked = checkInvitee(value);
      setError('error' in checked ? checked.error : undefined);
    }
  };

  /** Whether the invitation went; when not, the field has its message (or a toast says what happened). */
  const submit = async (): Promise<boolean> => {
    setSubmitted(true);
    const checked = checkInvitee(email);
    if ('error' in checked) {
      setError(checked.error);
      return false;
    }
    setError(undefined);
    setPending(true);
    try {
      await inviteGuardian(checked.email);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 400 || failure.status === 409))
        setError(serverMessageOr(failure, TOASTS.networkError));
      else
        toast({
          title: 'Invitation not sent',
          description: serverMessageOr(failure, TOASTS.networkError),
          variant: 'destructive',
        });
      return false;
    } finally {
      setPending(false);
    }
    setSubmitted(false);
    setEmail('');
    toast({ title: FAMILY_MESSAGES.invited, description: FAMILY_MESSAGES.invitedDescription });
    await mutate(FAMILY_KEY);
    return true;
  };

  return { email, error, pending, change, submit };
}
