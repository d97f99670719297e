import { ApiError } from '@logbook/shell-context/shared';

/** The server's `{ message }` when it sent one, else the fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
