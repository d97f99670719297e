import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { getToasts } from '@logbook/shell-context/toasts';

/** The routing the shell hands to a screen, from the test's router. */
const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

/** Shows where the router is, so a test can see a redirect. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a screen with the shell's providers: a router at `path`, swr with the shell's defaults, a fresh cache. */
export function renderWithProviders(ui: ReactElement, { path = '/', route }: { path?: string; route?: string } = {}) {
  const element: ReactNode = route ? (
    <Routes>
      <Route path={route} element={<Routed>{ui}</Routed>} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    <Routed>{ui}</Routed>
  );
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        {element}
        <Where />
      </MemoryRouter>
    </SWRConfig>,
  );
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** Just enough of a fetch Response for the api client (jsdom has none). */
function jsonResponse(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 404 ? 'Not Found' : '',
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

/** A fetch that answers by "METHOD path" and records every call. */
export function fakeFetch(routes: Record<string, FakeResponse | ((body: unknown) => FakeResponse)>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    const answer = !route
      ? { status: 404, body: { message: 'Not found' } }
      : typeof route === 'function'
        ? route(body)
        : route;
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** Titles and descriptions of the toasts on screen now. */
export const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(' — '));
