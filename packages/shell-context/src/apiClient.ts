import { errorAnswer, readShape, type Answer } from '@logbook/contracts/view';

/**
 * The one way the front ends talk to /api: cookies always sent, JSON only when there is a body, and every answer
 * read is checked against its contract's shape (@logbook/contracts/answers), with no validation library.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    /** The response body as text ('' when empty). */
    readonly body: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` of a JSON error body, if the server sent one. */
  get serverMessage(): string | undefined {
    return errorMessageOf(this.body);
  }
}

/** The `message` of an error answer's text (the shared error contract), if it is one. */
export function errorMessageOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON: there is no server message to show.
    return undefined;
  }
  const answer = readShape(errorAnswer, parsed);
  return answer.success ? answer.data.message : undefined;
}

/**
 * A success answer that is not what the contract says (a field missing, renamed or of another type): the screen shows
 * its failed-to-load state rather than working on data it does not understand.
 */
export class ContractError extends Error {
  constructor(
    readonly url: string,
    /** Where the answer departs from the contract ('studentId: expected number, received string'). */
    readonly problems: string[],
  ) {
    super('The server sent an answer this page cannot read. Please reload the page and try again.');
    this.name = 'ContractError';
  }
}

/** Reads an answer's body against its contract, or throws a ContractError (also when the body is not JSON). */
export async function readAnswer<T>(res: Response, answer: Answer<T>, url = res.url): Promise<T> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ContractError(url, ['the body is not JSON']);
  }
  const read = readShape(answer, body);
  if (!read.success) throw new ContractError(url, read.problems);
  return read.data;
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

/** Reads the answer to a GET of `url` already sent: ApiError (HTTP), TypeError (network) or ContractError (answer). */
export async function readAsked<T>(asked: Promise<Response>, url: string, answer: Answer<T>): Promise<T> {
  const res = await asked;
  await throwIfNotOk(res);
  return readAnswer(res, answer, url);
}

/** GET and parse with the contract in one step. */
export const apiFetch = <T>(url: string, answer: Answer<T>, signal?: AbortSignal): Promise<T> =>
  readAsked(fetch(url, { credentials: 'include', signal }), url, answer);

/** A failure before any HTTP answer (offline, DNS, refused connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
