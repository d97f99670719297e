/**
 * Whether this browser was signed in as a parent the last time anyone asked. Public pages read it to decide whether
 * asking the server is worth it, so a visitor who never signed in is not answered 401 on every page. The server's
 * answer always decides; this only says whether to ask.
 */
const KEY = 'learner-logbook:signed-in';

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private modes, quotas): the hint is only an optimisation.
  }
}

export function maybeSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
