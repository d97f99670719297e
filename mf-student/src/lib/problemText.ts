import { ApiError, isNetworkError } from '@logbook/shell-context/apiClient';

/** What to tell the student when a check could not be made: offline, the server's own words, or the raw error. */
export function problemText(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): string {
  if (!online || isNetworkError(error)) {
    return "You're offline or the server can't be reached. Check your connection and try again.";
  }
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Please try again.';
}
