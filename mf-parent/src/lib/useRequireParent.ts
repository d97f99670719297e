import { useEffect, useRef } from 'react';
import { useNavigate, useCurrentUser, paths } from '@logbook/shell-context/shared';
import { adoptLegacyDrafts, parentAccount } from '@logbook/session-device/deviceAccount';

/** The signed-in parent; sends anyone else to /login (a failed user call means nobody is signed in). */
export function useRequireParent(onSignedOut?: () => void) {
  const { user, error, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = !isLoading && (Boolean(error) || !user);
  // The notice is a one-off: a new function identity on a later render must not send the user again.
  const notice = useRef(onSignedOut);
  notice.current = onSignedOut;

  // The sign-in check notes the device's account; drafts an older version kept for no account come to this parent.
  useEffect(() => {
    if (user) adoptLegacyDrafts(parentAccount(user.id));
  }, [user]);

  useEffect(() => {
    if (!signedOut) return;
    notice.current?.();
    navigate(paths.login, { replace: true });
  }, [signedOut, navigate]);

  return { user, checking: isLoading || signedOut };
}
