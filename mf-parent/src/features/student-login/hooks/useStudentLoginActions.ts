import { useSWRConfig } from 'swr';
import { toast, refreshStudents } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import type { StudentCredentials } from '@logbook/contracts/view';
import { serverMessageOr } from '../../../lib/errors';
import { createStudentLogin, deleteStudentLogin, updateStudentLogin } from '../api/studentLogin';

/** How a save ended; a refusal carries the message the parent is shown. */
export type SaveOutcome = { ok: true } | { ok: false; message: string };

/** Create, update and delete a student's login; each tells the parent and refetches the students list. */
export function useStudentLoginActions(studentId: number) {
  const { mutate } = useSWRConfig();

  const run = async (action: () => Promise<unknown>, success: string, fallback: string): Promise<SaveOutcome> => {
    try {
      await action();
    } catch (error) {
      const message = serverMessageOr(error, fallback);
      toast({ title: TOASTS.error, description: message, variant: 'destructive' });
      return { ok: false, message };
    }
    toast({ title: success });
    await refreshStudents(mutate, studentId);
    return { ok: true };
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
    remove: async () =>
      (await run(() => deleteStudentLogin(studentId), TOASTS.studentLoginDeleted, TOASTS.studentLoginDeleteFailed)).ok,
  };
}
