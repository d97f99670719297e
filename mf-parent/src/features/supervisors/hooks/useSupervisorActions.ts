import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  ApiError,
  errorMessageOf,
  deleteSupervisor,
  saveSupervisor,
  SUPERVISORS_KEY,
  toast,
} from '@logbook/shell-context/shared';
import type { SupervisorInput } from '@logbook/contracts/view';

function problemOf(error: unknown): string {
  if (error instanceof ApiError) return errorMessageOf(error.body) ?? 'The supervisor could not be saved.';
  if (error instanceof TypeError) return 'You are offline. Please try again when connected.';
  return 'The supervisor could not be saved.';
}

/** Add, edit and remove a saved supervisor; each answers true when it worked, else keeps the server's words. */
export function useSupervisorActions() {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const run = useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      setPending(true);
      setFailure(undefined);
      try {
        await action();
        await mutate(SUPERVISORS_KEY);
        toast({ title: done });
        return true;
      } catch (error) {
        const message = problemOf(error);
        setFailure(message);
        toast({ title: 'Not saved', description: message, variant: 'destructive' });
        return false;
      } finally {
        setPending(false);
      }
    },
    [mutate],
  );

  return {
    pending,
    failure,
    clearFailure: () => setFailure(undefined),
    add: (input: SupervisorInput) => run(() => saveSupervisor(input), 'Supervisor added'),
    edit: (id: number, input: SupervisorInput) => run(() => saveSupervisor(input, id), 'Supervisor updated'),
    remove: (id: number) => run(() => deleteSupervisor(id), 'Supervisor removed'),
  };
}
