import { useNavigate, toast, waitingSessionsAccess, paths } from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { TOASTS } from '@logbook/contracts/view';
import { forgetAccount } from '@logbook/session-device/deviceAccount';
import { useSignOutGuard } from '@logbook/session-device/signOutGuard';
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

/**
 * Signs the student out, forgets what was cached for them, and goes to /student-login. With sessions still waiting
 * on this device it asks first; they stay in the student's outbox either way.
 */
export function useStudentLogout() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const signOut = async () => {
    try {
      await signOutStudent();
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.logoutFailed, variant: 'destructive' });
      return false;
    }
    // The student's drafts and waiting sessions stay on the device, out of sight until they sign in here again.
    forgetAccount('student');
    await mutate(STUDENT_AUTH_KEY, null, { revalidate: false });
    forgetRememberedStudent();
    // The student's sessions and progress must not stay in memory for whoever uses the device next.
    await mutate((key) => key !== STUDENT_AUTH_KEY, undefined, { revalidate: false });
    navigate(paths.studentLogin, { replace: true });
    return true;
  };

  const guard = useSignOutGuard(signOut, waitingSessionsAccess);
  return { logout: guard.requestSignOut, pending: guard.signingOut, guard };
}
