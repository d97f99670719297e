import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { maybeSignedIn, rememberSignedIn } from '@logbook/shell-context/signedInHint';
import { paths } from '@logbook/shell-context/routes';

/** A signed-in parent belongs on the dashboard; only a browser that was signed in before asks the server. */
export function useSignedInRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!maybeSignedIn()) return;
    const controller = new AbortController();
    fetch('/api/user', { credentials: 'include', signal: controller.signal })
      .then((res) => {
        if (res.ok) navigate(paths.dashboard, { replace: true });
        else if (res.status === 401) rememberSignedIn(false);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [navigate]);
}
