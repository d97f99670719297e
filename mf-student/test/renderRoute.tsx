import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';

/** The routing the shell hands to a screen, from the test's router. */
const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** Renders student routes as the shell does (router, swr with the shell's defaults, a fresh cache per test). */
export function renderRoutes(
  start: string,
  routes: Record<string, ReactElement>,
  cached: Record<string, unknown> = {},
) {
  const cache = new Map(Object.entries(cached).map(([key, data]) => [key, { data }]));
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[start]}>
        <Where />
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={<Routed>{element}</Routed>} />
          ))}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
