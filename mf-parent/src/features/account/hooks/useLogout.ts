import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useToast } from '@logbook/shell-context/useToast';
import { TOASTS } from '@logbook/contracts/messages';
import { serverMessageOr } from '../../../lib/errors';
import { logout } from '../api/logout';

/** POST /api/logout, then forget every cached answer so the next account starts clean, then /login. */
export function useLogout() {
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { toast } = useToast();

  const run = async () => {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      setPending(false);
      toast({ title: TOASTS.error, description: serverMessageOr(error, TOASTS.networkError), variant: 'destructive' });
      return;
    }
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  };

  return { logout: run, pending };
}
