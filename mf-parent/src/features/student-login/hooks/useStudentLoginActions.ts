import { useSWRConfig } from 'swr';
import { useToast } from '@logbook/shell-context/useToast';
import { TOASTS } from '@logbook/contracts/messages';
import type { StudentCredentials } from '@logbook/contracts/schemas';
import { refreshStudents } from '../../../lib/students';
import { serverMessageOr } from '../../../lib/errors';
import { createStudentLogin, deleteStudentLogin, updateStudentLogin } from '../api/studentLogin';

/** Create, update and delete a student's login; each tells the parent and refetches the students list. Resolves true on success. */
export function useStudentLoginActions(studentId: number) {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();

  const run = async (action: () => Promise<unknown>, success: string, fallback: string): Promise<boolean> => {
    try {
      await action();
    } catch (error) {
      toast({ title: TOASTS.error, description: serverMessageOr(error, fallback), variant: 'destructive' });
      return false;
    }
    toast({ title: success });
    await refreshStudents(mutate, studentId);
    return true;
  };

  return {
    create: (credentials: StudentCredentials) =>
      run(
        () => createStudentLogin(studentId, credentials),
        TOASTS.studentLoginCreated,
        TOASTS.studentLoginCreateFailed,
      ),
    update: (credentials: StudentCredentials) =>
      run(
        () => updateStudentLogin(studentId, credentials),
        TOASTS.studentLoginUpdated,
        TOASTS.studentLoginUpdateFailed,
      ),
    remove: () => run(() => deleteStudentLogin(studentId), TOASTS.studentLoginDeleted, TOASTS.studentLoginDeleteFailed),
  };
}
