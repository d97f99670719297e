import { useState } from 'react';
import { useNavigate, ApiError, rememberSignedIn, toast, paths } from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { forgetAccount } from '@logbook/session-device/deviceAccount';
import { ACCOUNT_MESSAGES, TOASTS, VALIDATION } from '@logbook/contracts/view';
import { deleteAccount } from '../api/account';

const NOTHING_DELETED = 'Nothing was deleted';

export type DeleteProblem = { field: 'password'; message: string } | { field: 'form'; title: string; message: string };

/**
 * DELETE /api/user with the password. When the payment provider cannot be reached the server deletes nothing (503)
 * and the dialog says to try again; on success every cached answer is forgotten and the visitor lands on sign-in.
 */
export function useDeleteAccount() {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<DeleteProblem | null>(null);
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  const remove = async (password: string): Promise<boolean> => {
    if (password.length === 0) {
      setProblem({ field: 'password', message: VALIDATION.passwordRequired });
      return false;
    }
    setProblem(null);
    setPending(true);
    try {
      await deleteAccount(password);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setProblem({ field: 'password', message: error.serverMessage ?? TOASTS.invalidCredentials });
      } else {
        const message =
          error instanceof ApiError
            ? (error.serverMessage ??
              (error.status === 503 ? ACCOUNT_MESSAGES.deleteProviderDown : TOASTS.networkError))
            : TOASTS.networkError;
        // The provider out of reach stops the deletion before anything goes: the page can say nothing was deleted.
        const title = message === ACCOUNT_MESSAGES.deleteProviderDown ? NOTHING_DELETED : ACCOUNT_MESSAGES.deleteFailed;
        setProblem({ field: 'form', title, message });
      }
      return false;
    }
    // As at sign-out: nothing of the family stays cached or remembered on this device.
    forgetAccount('parent');
    rememberSignedIn(false);
    await mutate(() => true, undefined, { revalidate: false });
    toast(ACCOUNT_MESSAGES.accountDeleted);
    navigate(paths.login, { replace: true });
    return true;
  };

  return { remove, pending, problem, clearProblem: () => setProblem(null) };
}
