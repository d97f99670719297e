import { ApiError, ContractError, apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/apiClient';
import { userAnswer } from '@logbook/contracts/answers';
import { createFetcher, fetcher, fetcherOr401Null, keyToUrl, swrConfig } from '@logbook/shell-context/swrConfig';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function respond(status: number, body: string, statusText = '') {
  fetchMock.mockResolvedValueOnce({
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body),
  });
}

describe('error text', () => {
  test('reads "{status}: {body text}"', async () => {
    respond(404, '{"message":"Student not found"}', 'Not Found');
    await expect(apiRequest('GET', '/api/students/9')).rejects.toThrow('404: {"message":"Student not found"}');
  });

  test('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(apiFetch('/api/user', userAnswer)).rejects.toThrow('503: Service Unavailable');
  });

  test('keeps the status and the server message for the screens', async () => {
    respond(409, '{"message":"An account with this email already exists"}', 'Conflict');
    const error = (await apiRequest('POST', '/api/register', { email: 'a@b.co', password: 'secret1' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('An account with this email already exists');
  });

  test('a body that is not JSON has no server message', async () => {
    respond(502, 'Bad gateway', 'Bad Gateway');
    const error = (await apiFetch('/api/user', userAnswer).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('answers are read with their contract', () => {
  test('a well-formed answer comes back parsed, fields the contract lacks dropped', async () => {
    respond(200, '{"id":3,"email":"a@b.co","plan":"gold"}');
    await expect(apiFetch('/api/user', userAnswer)).resolves.toEqual({ id: 3, email: 'a@b.co' });
  });

  test.each([
    ['a missing field', '{"id":3}'],
    ['a renamed field', '{"id":3,"mail":"a@b.co"}'],
    ['a field of another type', '{"id":"3","email":"a@b.co"}'],
    ['a body that is not JSON', '<html>'],
  ])('%s is a ContractError, not an ApiError or a network error', async (_case, body) => {
    respond(200, body);
    const error = await apiFetch('/api/user', userAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(TypeError);
    expect((error as ContractError).url).toBe('/api/user');
  });

  test('a mutation answer is read with its contract too', async () => {
    respond(201, '{"id":"x"}');
    const res = await apiRequest('POST', '/api/register', { email: 'a@b.co', password: 'secret1' });
    const error = (await readAnswer(res, userAnswer, '/api/register').catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.problems.join(' ')).toMatch(/^id: .*email: /);
  });
});

describe('requests', () => {
  test('send cookies, and JSON only when there is a body', async () => {
    respond(200, '{}');
    respond(200, '{}');
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'x' });
    await apiRequest('POST', '/api/logout');
    const [, withBody] = fetchMock.mock.calls[0];
    const [, withoutBody] = fetchMock.mock.calls[1];
    expect(withBody).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co","password":"x"}',
    });
    expect(withoutBody).toMatchObject({ method: 'POST', credentials: 'include', headers: {}, body: undefined });
  });
});

describe('swr fetcher', () => {
  test('GETs the key segments joined by "/" with cookies', async () => {
    respond(200, '[{"id":1}]');
    await expect(fetcher(['/api/driving-sessions', 12])).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/driving-sessions/12', { credentials: 'include' });
    expect(keyToUrl('/api/user')).toBe('/api/user');
  });

  test('a 401 throws by default and yields null where the screen asks for that', async () => {
    respond(401, '{"message":"Please sign in"}', 'Unauthorized');
    await expect(fetcher('/api/user')).rejects.toThrow('401: {"message":"Please sign in"}');
    respond(401, '', 'Unauthorized');
    await expect(fetcherOr401Null('/api/user')).resolves.toBeNull();
    respond(500, '', 'Internal Server Error');
    await expect(createFetcher('returnNull')('/api/user')).rejects.toThrow('500: Internal Server Error');
  });

  test('swr never polls, never refetches on focus, treats data as fresh and never retries', () => {
    expect(swrConfig).toMatchObject({
      refreshInterval: 0,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    });
    expect(swrConfig.fetcher).toBe(fetcher);
  });
});
