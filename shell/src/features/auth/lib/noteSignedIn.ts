import { rememberSignedIn } from '@logbook/shell-context/signedInHint';

/**
 * After a sign-in (or a session moved to another family): a screen may have cached "signed out", or the account as it
 * was, and cached answers are never revalidated on their own, so the signed-in user is put in the cache before the
 * dashboard reads it. swr is fetched here, not with the first view.
 */
export async function noteSignedIn(): Promise<void> {
  rememberSignedIn(true);
  const [{ mutate }, { CURRENT_USER_KEY }, { fetcherOr401Null }] = await Promise.all([
    import('swr'),
    import('@logbook/shell-context/useCurrentUser'),
    import('@logbook/shell-context/swrConfig'),
  ]);
  try {
    await mutate(CURRENT_USER_KEY, fetcherOr401Null(CURRENT_USER_KEY), { revalidate: false });
  } catch {
    await mutate(CURRENT_USER_KEY, undefined, { revalidate: false });
  }
}
