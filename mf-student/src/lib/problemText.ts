import { ApiError, isNetworkError } from '@logbook/shell-context/shared';

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

/** No answer from the server at all (offline), or the gateway could not reach it. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return isNetworkError(error);
}
