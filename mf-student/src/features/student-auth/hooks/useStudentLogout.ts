import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { TOASTS } from '@logbook/contracts/messages';
import { useToast } from '@logbook/shell-context/useToast';
import { signOutStudent, STUDENT_AUTH_KEY } from '../api/studentSession';

/** mf-sessions keeps the signed-in student on the device so its form opens offline; a shared device must forget it. */
const REMEMBERED_STUDENT_KEY = 'logbook.sessions.signedInStudent';

function forgetRememberedStudent() {
  try {
    localStorage.removeItem(REMEMBERED_STUDENT_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Signs the student out, forgets what was cached for them, and goes to /student-login. */
export function useStudentLogout() {
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  const logout = async () => {
    setPending(true);
    try {
      await signOutStudent();
    } catch {
      setPending(false);
      toast({ title: TOASTS.error, description: TOASTS.logoutFailed, variant: 'destructive' });
      return;
    }
    await mutate(STUDENT_AUTH_KEY, null, { revalidate: false });
    forgetRememberedStudent();
    // The student's sessions and progress must not stay in memory for whoever uses the device next.
    await mutate((key) => key !== STUDENT_AUTH_KEY, undefined, { revalidate: false });
    navigate('/student-login', { replace: true });
  };

  return { logout, pending };
}
