/** The one way the front ends talk to /api: cookies always sent, JSON only when there is a body. */

export class ApiError extends Error {
  readonly status: number;
  /** The response body as text ('' when empty). */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `message` of a JSON error body, if the server sent one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON: there is no server message to show.
    }
    return undefined;
  }
}

/** Throws an ApiError reading `{status}: {body text or status text}` for any non-success response. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request and returns the response, or throws ApiError (HTTP failure) or TypeError (network failure). */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** GET and parse JSON in one step. */
export async function apiFetch<T = unknown>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest('GET', url, undefined, signal);
  return (await res.json()) as T;
}

/** A failure before any HTTP answer (offline, DNS, refused connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
