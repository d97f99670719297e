import { useState } from 'react';
import { useNavigate, toast, refreshStudents, paths } from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { STUDENT_FORM_REDIRECT_DELAY_MS, TOASTS } from '@logbook/contracts/view';
import type { StudentData } from '@logbook/contracts/view';
import { serverMessageOr } from '../../../lib/errors';
import { saveStudent } from '../api/students';

/** Creates or updates a student, tells the parent, refreshes the lists and goes back to the dashboard. */
export function useSaveStudent(id?: number) {
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  const save = async (data: StudentData) => {
    setPending(true);
    try {
      await saveStudent(data, id);
    } catch (error) {
      setPending(false);
      toast({ title: TOASTS.error, description: serverMessageOr(error, TOASTS.genericError), variant: 'destructive' });
      return;
    }
    toast({ title: id === undefined ? TOASTS.studentCreated : TOASTS.studentUpdated });
    await refreshStudents(mutate, id);
    setTimeout(() => navigate(paths.dashboard), STUDENT_FORM_REDIRECT_DELAY_MS);
  };

  return { save, pending };
}
