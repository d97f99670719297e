import { useState } from 'react';
import { useNavigate, toast, refreshStudents, paths } from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { ACCOUNT_MESSAGES, TOASTS } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';
import { progressSummaryKey, studentKey } from '../../../lib/apiKeys';
import { serverMessageOr } from '../../../lib/errors';
import { removeStudent } from '../api/students';

/** Removes the student, forgets what was cached about them, refreshes the list and goes back to the dashboard. */
export function useRemoveStudent(student: Student) {
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  const remove = async (): Promise<boolean> => {
    setPending(true);
    try {
      await removeStudent(student.id);
    } catch (error) {
      setPending(false);
      toast({
        title: ACCOUNT_MESSAGES.studentRemoveFailed,
        description: serverMessageOr(error, TOASTS.networkError),
        variant: 'destructive',
      });
      return false;
    }
    navigate(paths.dashboard, { replace: true });
    toast({ title: ACCOUNT_MESSAGES.studentRemoved(`${student.firstName} ${student.lastName}`) });
    await Promise.all([
      mutate(studentKey(student.id), undefined, { revalidate: false }),
      mutate(progressSummaryKey(student.id), undefined, { revalidate: false }),
      refreshStudents(mutate),
    ]);
    return true;
  };

  return { remove, pending };
}
