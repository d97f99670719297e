/** A fetch stand-in for jsdom (which has none): answers by method and path, and records every call. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

export type Route = (init: RequestInit | undefined) => FakeAnswer | Promise<FakeAnswer>;

export function installFakeApi(routes: Record<string, Route>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fake = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${url}`];
    if (!route) throw new Error(`Unexpected request ${method} ${url}`);
    const answer = await route(init);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: String(answer.status),
      json: async () => JSON.parse(text),
      text: async () => text,
    } as unknown as Response;
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return { calls, fake };
}

export const networkDown: Route = () => {
  throw new TypeError('Failed to fetch');
};
